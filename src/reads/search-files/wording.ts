export const FILES_PATH = '/search/files';
export const FILES_TOOL = 'slack_search_files';

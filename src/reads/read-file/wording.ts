export const READ_FILE_PATH = '/files/:file_id';
export const READ_FILE_TOOL = 'slack_read_file';

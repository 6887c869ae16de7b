export const USERS_PATH = '/search/users';
export const USERS_TOOL = 'slack_search_users';

export const CHANNELS_PATH = '/search/channels';
export const CHANNELS_TOOL = 'slack_search_channels';

import type { ToolInfo } from '../../src/catalog/index.js';

export const slackSend: ToolInfo = {
  toolKey: 'a1f3:send_message',
  toolName: 'send_message',
  serverName: 'slack',
  description: 'Send a message to a Slack channel or user.',
};

export const githubIssue: ToolInfo = {
  toolKey: 'b7c2:create_issue',
  toolName: 'create_issue',
  serverName: 'github',
  description: 'Create a new issue in a GitHub repository.',
};

export const writeFile: ToolInfo = {
  toolKey: 'c9d0:write_file',
  toolName: 'write_file',
  serverName: 'filesystem',
  description: 'Create a new file or overwrite an existing file with new content.',
};

export const readFile: ToolInfo = {
  toolKey: 'c9d0:read_file',
  toolName: 'read_file',
  serverName: 'filesystem',
  description: 'Read the complete contents of a file.',
};

export const forecast: ToolInfo = {
  toolKey: 'd4e5:get_forecast',
  toolName: 'get_forecast',
  serverName: 'weather',
  description: 'Get the weather forecast for a city.',
};

export const newsHeadlines: ToolInfo = {
  toolKey: 'e6f7:top_headlines',
  toolName: 'top_headlines',
  serverName: 'news-hub',
  description: 'The latest news headlines from around the world.',
};

export const newRelease: ToolInfo = {
  toolKey: 'f8a9:get_new_releases',
  toolName: 'get_new_releases',
  serverName: 'music',
  description: 'List new album releases.',
};

export const weiboTrending: ToolInfo = {
  toolKey: 'g0b1:get-weibo-trending',
  toolName: 'get-weibo-trending',
  serverName: 'trends-hub',
  description: '获取微博热搜榜，包含时事热点、社会现象',
};

export const noDescription: ToolInfo = { toolKey: 'h2c3:ping', toolName: 'ping', serverName: 'health' };

export const tools: ToolInfo[] = [
  slackSend,
  githubIssue,
  writeFile,
  readFile,
  forecast,
  newsHeadlines,
  newRelease,
  weiboTrending,
  noDescription,
];

import { LogLevel, WebClient } from '@slack/web-api';
import type { FakeSlack } from '../../fake-slack/index.js';

/** The SDK logs invalid_arguments messages at error level; the tests provoke them on purpose. */
const SILENT = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => LogLevel.ERROR,
  setName() {},
};

/** search.messages through the real WebClient, and its hits as `channel/ts` in time order. */
export function searcher(fake: () => FakeSlack) {
  const search = (query: string, token = 'xoxp-ann', extra: Record<string, unknown> = {}) =>
    new WebClient(token, {
      slackApiUrl: fake().url,
      retryConfig: { retries: 0 },
      logger: SILENT,
    }).search.messages({
      query,
      ...extra,
    });
  const hits = async (query: string, token?: string): Promise<string[]> => {
    const result = await search(query, token, { sort: 'timestamp', sort_dir: 'asc' });
    return (result.messages?.matches ?? []).map((m) => `${m.channel?.id}/${m.ts}`);
  };
  return { search, hits };
}

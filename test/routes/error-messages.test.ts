import { describe, expect, it } from 'vitest';
import { authHeaders, errorBody } from '../helper.js';
import { toolError } from '../mcp/mcp-client.js';
import { useMcpHarness } from '../support/mcp-harness.js';

// Issue 25's five examples: every 400 names the parameter (or body path) and what it takes, on REST and
// on MCP alike (`querystring/…`, `params/…`, `body/…` there; `arguments/…` here).

const CHANNEL_REF = 'must be an id like C0123ABCD, or #name (%23name in a URL)';

const ctx = useMcpHarness();

const rest = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await ctx.h.app.inject({ method, url, payload, headers: authHeaders() });
  return { status: res.statusCode, body: res.json() };
};
const mcp = async (name: string, args: Record<string, unknown>) =>
  toolError(await ctx.client.callTool({ name, arguments: args }));

describe('a 400 names the fix', () => {
  it.each([
    [
      'an unknown parameter, by name, with the ones the route takes',
      () => rest('GET', '/threads/C07INCIDNT/1773133920.004100?count=1000'),
      'unknown parameter "count"; this route takes cursor, limit, oldest, latest, inclusive, response_format, workspace, max_text_chars',
      () =>
        mcp('slack_get_thread_replies', {
          channel_id: 'C07INCIDNT',
          thread_ts: '1773133920.004100',
          count: 1,
        }),
      'unknown argument "count"; this tool takes channel_id, thread_ts, cursor, limit, response_format, workspace, max_text_chars',
    ],
    [
      'the allowed values',
      () => rest('GET', '/search/messages?query=deploy&response_format=json'),
      'querystring/response_format must be one of concise, compact, detailed',
      () => mcp('slack_search_messages', { query: 'deploy', response_format: 'json' }),
      'arguments/response_format must be one of concise, compact, detailed',
    ],
    [
      'an example of the format',
      () => rest('GET', '/search/messages?query=deploy&after=March'),
      'querystring/after must be a date like 2026-03-01',
      () => mcp('slack_search_messages', { query: 'deploy', after: 'March' }),
      'arguments/after must be a date like 2026-03-01',
    ],
    [
      'what a pattern takes, in words',
      () => rest('GET', '/channels/engineering/history'),
      `params/channel ${CHANNEL_REF}`,
      () => mcp('slack_get_channel_history', { channel_id: 'engineering' }),
      `arguments/channel_id ${CHANNEL_REF}`,
    ],
    [
      'a missing body property',
      () => rest('POST', '/catalog/search', { query: ['send a message'] }),
      'body/tools is required',
      () => mcp('search_tools', { query: ['send a message'] }),
      'arguments/tools is required',
    ],
    [
      'the range of an integer',
      () => rest('GET', '/search/messages?query=deploy&count=1000'),
      'querystring/count must be an integer from 1 to 100',
      () => mcp('slack_search_messages', { query: 'deploy', count: 1000 }),
      'arguments/count must be an integer from 1 to 100',
    ],
  ])('%s', async (_what, viaRest, restMessage, viaMcp, mcpMessage) => {
    expect(await viaRest()).toEqual({
      status: 400,
      body: errorBody(400, 'FST_ERR_VALIDATION', restMessage),
    });
    expect(await viaMcp()).toEqual(errorBody(400, 'FST_ERR_VALIDATION', mcpMessage));
    expect(ctx.h.slack.count()).toBe(0);
  });
});

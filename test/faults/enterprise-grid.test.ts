import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { connectHttp, toolError } from '../mcp/mcp-client.js';

// Refusals Enterprise Grid imposes are a 403 saying what to do and naming the token's workspace: never a
// 5xx, never an empty answer, never a cached copy.

const TEAM = 'T07ACMEDMO';
const CODE = 'AS_ERR_SLACK_GRID_RESTRICTED';
const notGranted = (method: string) =>
  errorBody(
    403,
    CODE,
    `Slack has not granted this token the workspace ${method} reads (team_access_not_granted; workspace ${TEAM}): an admin of your Enterprise Grid organisation adds the app to that workspace, or read another one with the workspace parameter`,
  );
const restricted = (method: string) =>
  errorBody(
    403,
    CODE,
    `Slack does not let ${method} be called with this organisation-level token (enterprise_is_restricted; workspace ${TEAM}): use a user token (xoxp-…) of the app installed on the workspace you want to read, or ask an admin of the organisation whether the app is restricted`,
  );
const needsTeam = (method: string) =>
  errorBody(
    403,
    CODE,
    `Slack needs a workspace (team_id) for ${method} with an organisation-wide token (missing_argument; workspace ${TEAM}): name one with the workspace parameter (its id or name)`,
  );

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await buildHarness();
  client = await connectHttp(await h.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await client.close();
  await h.close();
});
afterEach(() => h.slack.reset());

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });

describe('Enterprise Grid refusals on REST', () => {
  it('search.messages: team_access_not_granted, then the same search answered once Slack grants it', async () => {
    h.slack.inject({ kind: 'error', error: 'team_access_not_granted', method: 'search.messages' });
    const refused = await get(h.app, '/search/messages?query=deploy');
    expect(refused.body).toEqual(notGranted('search.messages'));
    const again = await get(h.app, '/search/messages?query=deploy');
    expect({ status: again.status, ok: again.body.ok }).toEqual({ status: 200, ok: true });
  });

  it('conversations.history: enterprise_is_restricted on a channel read by #name', async () => {
    h.slack.inject({ kind: 'error', error: 'enterprise_is_restricted', method: 'conversations.history' });
    const res = await get(h.app, '/channels/%23engineering/history?limit=1');
    expect(res.body).toEqual(restricted('conversations.history'));
  });

  it("a directory's first load: missing_argument from users.list and conversations.list, not an empty list", async () => {
    const fresh = await buildHarness({ slack: h.slack });
    try {
      h.slack.inject({ kind: 'error', error: 'missing_argument', method: 'users.list', times: 2 });
      const people = await get(fresh.app, '/search/users?query=maya');
      expect(people.body).toEqual(needsTeam('users.list'));
      h.slack.inject({ kind: 'error', error: 'missing_argument', method: 'conversations.list', times: 2 });
      const channels = await get(fresh.app, '/search/channels?query=engineering');
      expect(channels.body).toEqual(needsTeam('conversations.list'));
    } finally {
      await fresh.close();
    }
  });

  it("names the workspace on a token's first call too (auth.test still under way beside it)", async () => {
    const fresh = await buildHarness({ slack: h.slack });
    try {
      h.slack.inject({ kind: 'error', error: 'missing_argument', method: 'search.messages' });
      const res = await get(fresh.app, '/search/messages?query=deploy');
      expect(res.body).toEqual(needsTeam('search.messages'));
    } finally {
      await fresh.close();
    }
  });
});

describe('Enterprise Grid refusals on MCP', () => {
  it('slack_search_messages: team_access_not_granted is a tool error with our code', async () => {
    h.slack.inject({ kind: 'error', error: 'team_access_not_granted', method: 'search.messages' });
    expect(toolError(await call('slack_search_messages', { query: 'grid words' }))).toEqual(
      notGranted('search.messages'),
    );
  });

  it('slack_get_channel_history: enterprise_is_restricted is a tool error with our code', async () => {
    h.slack.inject({ kind: 'error', error: 'enterprise_is_restricted', method: 'conversations.history' });
    expect(toolError(await call('slack_get_channel_history', { channel_id: '#general', limit: 2 }))).toEqual(
      restricted('conversations.history'),
    );
  });
});

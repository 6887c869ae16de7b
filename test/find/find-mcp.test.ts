import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_CANVAS, DEMO_NOSCOPE_TOKEN, PRICING_CANVAS } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';
import { bearer, connectHttp, structured, toolError } from '../mcp/mcp-client.js';

// The find reads through the MCP SDK's own client, on both backends: the same bodies as REST, hints naming tools.

let h: Harness;
let client: Client;
let base: string;
beforeAll(async () => {
  h = await buildHarness({ config: { SLACK_SEARCH_BACKEND: 'auto' } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  client = await connectHttp(base);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
const rtsCalls = () =>
  h.slack.calls.filter((c) => c.method === 'assistant.search.context').map((c) => c.params);

describe('find tools over MCP', () => {
  it('slack_read_file answers as GET /files/{file_id}, its hint naming the tool; compact text as REST', async () => {
    const rest = await get(h.app, `/files/${CHECKLIST_CANVAS}?max_text_chars=30`);
    const result = structured(
      await call('slack_read_file', { file_id: CHECKLIST_CANVAS, max_text_chars: 30 }),
    );
    const summary = String(rest.body.summary).replace(
      `GET /files/${CHECKLIST_CANVAS}?offset=30 (max_text_chars=0 reads it all)`,
      `slack_read_file with file_id=${CHECKLIST_CANVAS} and offset=30 (max_text_chars: 0 reads it all)`,
    );
    expect(summary).not.toBe(rest.body.summary);
    expect(result).toEqual({ ...rest.body, summary });
    const compact = (await call('slack_read_file', {
      file_id: CHECKLIST_CANVAS,
      response_format: 'compact',
    })) as CallToolResult;
    const text = await h.app.inject({
      url: `/files/${CHECKLIST_CANVAS}?response_format=compact`,
      headers: authHeaders(),
    });
    expect(compact.content).toEqual([{ type: 'text', text: text.body }]);
  });

  it('a file the caller cannot see is a tool error naming it', async () => {
    expect(toolError(await call('slack_read_file', { file_id: PRICING_CANVAS }))).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        `Slack: no file ${PRICING_CANVAS} that this Slack user can see (file_not_found)`,
      ),
    );
  });

  it('searches files, channels and people on Real-time Search with the right content_types', async () => {
    h.slack.reset();
    const files = structured(
      await call('slack_search_files', { query: 'runbook', types: 'canvases', count: 2 }),
    );
    expect(files.backend).toBe('rts');
    expect(files.summary).toBe(
      'Found at least 2 files. Use next_cursor for more results. Read one: slack_read_file with file_id.',
    );
    const channels = structured(await call('slack_search_channels', { query: 'incidents' }));
    expect(channels).toEqual({
      ok: true,
      query: 'incidents',
      backend: 'rts',
      channels: [
        {
          channel_id: 'C07INCIDNT',
          name: 'incidents',
          topic: 'Active incidents only. Runbooks: https://wiki.acme-demo.example/runbooks',
          purpose: 'Declare, coordinate and close production incidents',
          is_private: null,
          is_archived: null,
          permalink: 'https://acme-demo.slack.com/archives/C07INCIDNT',
        },
      ],
      summary:
        'Found 1 channel. Its messages: slack_get_channel_history with channel_id. Search in one: slack_search_messages with channel_ids=[channel_id].',
    });
    const people = structured(await call('slack_search_users', { query: 'priya' }));
    expect(people.users).toEqual([
      {
        user_id: 'U07PRIYASH',
        name: 'priya',
        real_name: 'Priya Shah',
        title: null,
        is_bot: null,
        permalink: 'https://acme-demo.slack.com/team/U07PRIYASH',
      },
    ]);
    expect(rtsCalls().map((p) => p.content_types)).toEqual(['files', 'channels', 'users']);
    expect(rtsCalls()[1]).toMatchObject({
      channel_types: 'public_channel,private_channel',
      include_archived_channels: 'false',
    });
  });

  it('a token without the Real-time Search scopes is answered by the legacy backend', async () => {
    h.slack.reset();
    const noscope = await connectHttp(base, { ...bearer(), 'x-slack-token': DEMO_NOSCOPE_TOKEN });
    try {
      const channels = structured(
        await noscope.callTool({ name: 'slack_search_channels', arguments: { query: 'incidents' } }),
      );
      expect(channels.backend).toBe('legacy');
      expect(rtsCalls()).toEqual([]);
      expect(h.slack.calls.some((c) => c.method === 'conversations.list')).toBe(true);
    } finally {
      await noscope.close();
    }
  });

  it('when the user’s 10 real-time searches a minute are spent, auto answers with the legacy backend and says so', async () => {
    for (let i = 0; i < 10; i++) await get(h.app, `/search/users?query=burn${i}`);
    h.slack.reset();
    const res = await get(h.app, '/search/users?query=priya');
    expect(res.body.backend).toBe('legacy');
    expect(res.body.summary).toMatch(
      /Slack allows 10 real-time searches a minute per user and this user's are spent: the legacy backend answered\./,
    );
    expect(rtsCalls()).toEqual([]);
  });
});

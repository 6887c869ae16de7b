import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LONG_THREAD, DEMO_OTHER_TOKEN } from '../../fake-slack/index.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import {
  bearer,
  catalogTools,
  connectHttp,
  FIRST_TOOLS,
  MCP_TOOL_NAMES,
  structured,
  toolError,
} from './mcp-client.js';

const SCOPED = 'mcp-scoped-token-p1';
const DEADLINE_MS = 2000;
const REST_HINT = 'Whole thread: GET /threads/{channel_id}/{thread_ts}.';
const MCP_HINT = 'Whole thread: use slack_get_thread_replies with channel_id and thread_ts.';
const REST_WHOLE =
  'max_text_chars=0 gives whole texts; one whole: GET /threads/{channel_id}/{ts}?max_text_chars=0';
const MCP_WHOLE =
  'max_text_chars: 0 gives whole texts; one whole: slack_get_thread_replies with channel_id, its ts as thread_ts and max_text_chars: 0';
const REST_CONTEXT = 'Around a match: GET /messages/context?url=<permalink>.';
const MCP_CONTEXT = 'Around a match: slack_get_message_context with url=<permalink>.';
/** A REST body as MCP words it: the same, but hints name the MCP tool instead of the REST path. */
const asMcp = (body: Record<string, unknown>) => ({
  ...body,
  summary: String(body.summary)
    .replace(REST_HINT, MCP_HINT)
    .replace(REST_WHOLE, MCP_WHOLE)
    .replace(REST_CONTEXT, MCP_CONTEXT),
});
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

let h: Harness;
let base: string;
let client: Client;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-tokens-'));
  const file = join(dir, 'tokens.json');
  const sha256 = createHash('sha256').update(SCOPED).digest('hex');
  writeFileSync(file, JSON.stringify([{ name: 'scoped', sha256, projects: ['p1'] }]));
  h = await buildHarness({ config: { API_TOKENS_FILE: file, REQUEST_DEADLINE_MS: DEADLINE_MS } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  client = await connectHttp(base);
});
afterAll(async () => {
  await client.close();
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => h.slack.reset());

const call = (name: string, args: Record<string, unknown>, c = client) =>
  c.callTool({ name, arguments: args });
const rawPost = (body: unknown, headers: Record<string, string> = { ...MCP_HEADERS, ...bearer() }) =>
  fetch(new URL('/mcp', base), { method: 'POST', headers, body: JSON.stringify(body) });

describe('tools/list over Streamable HTTP', () => {
  it('lists the nine tools with titles, annotations and both schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
    expect(
      tools
        .filter((t) => FIRST_TOOLS.includes(t.name))
        .map(({ name, title, annotations, inputSchema, outputSchema }) => ({
          name,
          title,
          annotations,
          input: Object.keys(inputSchema.properties ?? {}),
          required: inputSchema.required,
          output: outputSchema?.type,
        })),
    ).toEqual([
      {
        name: 'slack_search_messages',
        title: 'Search Slack messages',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: [
          'query',
          'count',
          'cursor',
          'sort',

          'response_format',
          'channel_ids',
          'from_users',
          'after',
          'before',
          'on',
          'to_me',
          'max_text_chars',
          'include_context',
        ],
        required: undefined,
        output: 'object',
      },
      {
        name: 'slack_get_thread_replies',
        title: 'Read a Slack thread',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: ['channel_id', 'thread_ts', 'cursor', 'limit', 'response_format', 'max_text_chars'],
        required: ['channel_id', 'thread_ts'],
        output: 'object',
      },
      {
        name: 'slack_get_channel_history',
        title: "Read a Slack channel's messages",
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: ['channel_id', 'cursor', 'limit', 'oldest', 'latest', 'response_format', 'max_text_chars'],
        required: ['channel_id'],
        output: 'object',
      },
      {
        name: 'slack_get_message_context',
        title: 'Read a Slack message in context',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: [
          'url',
          'channel_id',
          'ts',
          'thread_ts',
          'before',
          'after',
          'response_format',
          'max_text_chars',
        ],
        required: undefined,
        output: 'object',
      },
      {
        name: 'slack_search_files',
        title: 'Search Slack files and canvases',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: [
          'query',
          'types',
          'channel_ids',
          'from_users',
          'after',
          'before',
          'count',
          'cursor',
          'response_format',
          'max_text_chars',
        ],
        required: ['query'],
        output: 'object',
      },
      {
        name: 'slack_read_file',
        title: 'Read a Slack file or canvas',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: ['file_id', 'max_text_chars', 'offset', 'response_format'],
        required: ['file_id'],
        output: 'object',
      },
      {
        name: 'slack_search_channels',
        title: 'Search Slack channels',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: ['query', 'count', 'cursor', 'response_format', 'include_archived'],
        required: ['query'],
        output: 'object',
      },
      {
        name: 'slack_search_users',
        title: 'Search Slack people',
        annotations: { readOnlyHint: true, openWorldHint: true },
        input: [
          'query',
          'count',
          'cursor',
          'response_format',
          'include_deleted',
          'include_bots',
          'include_email',
        ],
        required: ['query'],
        output: 'object',
      },
      {
        name: 'search_tools',
        title: 'Find relevant tools',
        annotations: { readOnlyHint: true, openWorldHint: false },
        input: ['query', 'context', 'tools', 'maxResults'],
        required: ['query', 'tools'],
        output: 'object',
      },
    ]);
    for (const tool of tools) expect(JSON.stringify(tool), tool.name).not.toMatch(/"\$ref"|"\$id"/);
    const search = tools[0].description ?? '';
    for (const modifier of ['in:#channel', 'from:@user', 'before:', 'after:', 'is:thread'])
      expect(search, modifier).toContain(modifier);
    // Which format to pick and how to page, said on the arguments themselves.
    for (const tool of tools.slice(0, 4))
      expect(tool.inputSchema.properties?.response_format, tool.name).toEqual({
        enum: ['concise', 'compact', 'detailed'],
        description: 'compact = fewest tokens',
      });
  });

  it('gives the same tool list to a second client without a session (stateless)', async () => {
    const res = await rawPost({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/\w/);
    const body = (await res.json()) as { result: { tools: unknown[] } };
    expect(body.result.tools).toEqual((await client.listTools()).tools);
  });
});

describe('tools/call over Streamable HTTP', () => {
  it('search_tools returns what POST /catalog/search returns', async () => {
    const args = {
      query: ['send a message', 'create a new file'],
      context: 'tell the team',
      tools: catalogTools,
      maxResults: 2,
    };
    const result = structured(await call('search_tools', args));
    const rest = await h.app.inject({
      method: 'POST',
      url: '/catalog/search',
      headers: { ...bearer(), 'content-type': 'application/json' },
      payload: args,
    });
    expect(result).toEqual(rest.json());
    expect((result.results as unknown[]).length).toBe(2);
  });

  it.each([
    ['concise', 'query=deploy&count=5', { query: 'deploy', count: 5 }],
    [
      'detailed',
      'query=deploy&count=2&response_format=detailed',
      { query: 'deploy', count: 2, response_format: 'detailed' },
    ],
    ['to_me', 'to_me=true&count=4', { to_me: 'true', count: 4 }],
    [
      'filters',
      'query=incident&channel_ids=C07INCIDNT&sort=timestamp&dedupe_threads=true&max_text_chars=60',
      {
        query: 'incident',
        channel_ids: ['C07INCIDNT'],
        sort: 'timestamp',
        dedupe_threads: true,
        max_text_chars: 60,
      },
    ],
  ])(
    'slack_search_messages (%s) returns the GET /search/messages body, hints naming MCP tools',
    async (_name, query, args) => {
      const result = structured(await call('slack_search_messages', args));
      const rest = await get(h.app, `/search/messages?${query}`);
      expect(rest.status).toBe(200);
      expect(result).toEqual(asMcp(rest.body));
      expect(result.summary).not.toContain('GET /');
    },
  );

  it('slack_search_messages hints at slack_get_thread_replies for a match in a thread', async () => {
    const result = structured(await call('slack_search_messages', { query: 'INC-2041', count: 10 }));
    expect(result.summary).toContain(MCP_HINT);
  });

  it('slack_search_messages pages with the cursor it returned', async () => {
    const first = structured(await call('slack_search_messages', { query: 'deploy', count: 2 }));
    const cursor = (first.response_metadata as { next_cursor: string }).next_cursor;
    const second = structured(await call('slack_search_messages', { query: 'deploy', count: 2, cursor }));
    const rest = await get(
      h.app,
      `/search/messages?query=deploy&count=2&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second).toEqual(asMcp(rest.body));
    expect(second.messages).not.toEqual(first.messages);
  });

  it.each([
    ['concise', 'limit=3', { limit: 3 }],
    ['detailed', 'limit=2&response_format=detailed', { limit: 2, response_format: 'detailed' }],
  ])('slack_get_thread_replies (%s) returns the GET /threads body', async (_name, query, args) => {
    const { channel, ts } = DEMO_LONG_THREAD;
    const result = structured(
      await call('slack_get_thread_replies', { channel_id: channel, thread_ts: ts, ...args }),
    );
    const rest = await get(h.app, `/threads/${channel}/${ts}?${query}`);
    expect(rest.status).toBe(200);
    expect(result).toEqual(asMcp(rest.body));
  });

  it.each([
    ['slack_search_messages', { query: 'INC-2041', count: 3 }, '/search/messages?query=INC-2041&count=3'],
    [
      'slack_get_thread_replies',
      { channel_id: DEMO_LONG_THREAD.channel, thread_ts: DEMO_LONG_THREAD.ts, limit: 4 },
      `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}?limit=4`,
    ],
  ] as const)(
    '%s (compact) reads as the REST compact text, with the concise body as structuredContent',
    async (name, args, url) => {
      const result = await call(name, { ...args, response_format: 'compact' });
      const text = await h.app.inject({ url: `${url}&response_format=compact`, headers: bearer() });
      const concise = await get(h.app, url);
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(result).toEqual({
        structuredContent: asMcp(concise.body),
        content: [
          { type: 'text', text: text.body.replace(REST_HINT, MCP_HINT).replace(REST_CONTEXT, MCP_CONTEXT) },
        ],
      });
    },
  );

  it.each([
    ['concise', 'limit=3', { limit: 3 }],
    ['#name, detailed', 'limit=2&response_format=detailed', { limit: 2, response_format: 'detailed' }],
  ])(
    'slack_get_channel_history (%s) returns the GET /channels/{channel}/history body',
    async (name, query, args) => {
      const channel = name.startsWith('#') ? '#incidents' : DEMO_LONG_THREAD.channel;
      const result = structured(await call('slack_get_channel_history', { channel_id: channel, ...args }));
      const rest = await get(h.app, `/channels/${encodeURIComponent(channel)}/history?${query}`);
      expect(rest.status).toBe(200);
      expect(result).toEqual(rest.body);
    },
  );

  it('slack_get_message_context returns the GET /messages/context body, hints naming MCP tools', async () => {
    const { channel, ts } = DEMO_LONG_THREAD;
    const url = `https://acme-demo.slack.com/archives/${channel}/p${ts.replace('.', '')}`;
    const result = structured(await call('slack_get_message_context', { url, before: 2, after: 1 }));
    const rest = await get(h.app, `/messages/context?url=${encodeURIComponent(url)}&before=2&after=1`);
    expect(rest.status).toBe(200);
    const summary = String(rest.body.summary)
      .replace(
        `GET /channels/${channel}/history?latest=`,
        `slack_get_channel_history with channel_id=${channel} and latest=`,
      )
      .replace(
        `GET /channels/${channel}/history?oldest=`,
        `slack_get_channel_history with channel_id=${channel} and oldest=`,
      )
      .replace(
        `GET /threads/${channel}/${ts} with cursor=`,
        `slack_get_thread_replies with channel_id=${channel}, thread_ts=${ts} and cursor=`,
      );
    expect(result).toEqual({ ...rest.body, summary });
    expect(result.summary).not.toContain('GET /');
    const byId = structured(
      await call('slack_get_message_context', { channel_id: channel, ts, before: 2, after: 1 }),
    );
    expect(byId).toEqual(result);
  });

  it('slack_get_message_context names its own arguments when they are missing or contradict', async () => {
    expect(toolError(await call('slack_get_message_context', { ts: DEMO_LONG_THREAD.ts }))).toEqual(
      errorBody(400, 'AS_ERR_BAD_REQUEST', 'url, or channel_id with ts, is required'),
    );
    expect(
      toolError(await call('slack_get_message_context', { url: 'https://acme-demo.slack.com/' })),
    ).toEqual(
      errorBody(
        400,
        'AS_ERR_BAD_REQUEST',
        'url is not a Slack message link (…/archives/<channel id>/p<16 digits>)',
      ),
    );
    expect(
      toolError(await call('slack_get_message_context', { channel_id: 'C07INCIDNT', ts: '1', before: 99 })),
    ).toEqual(errorBody(400, 'FST_ERR_VALIDATION', 'arguments/before must be an integer from 0 to 50'));
    expect(
      toolError(await call('slack_get_message_context', { channel_id: 'C07INCIDNT', ts: '1', before: 9 })),
    ).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'arguments/ts must be a message ts like 1773133920.004100'),
    );
  });

  it('X-Slack-Token acts as that Slack user, as on REST', async () => {
    const headers = { ...bearer(), 'x-slack-token': DEMO_OTHER_TOKEN };
    const other = await connectHttp(base, headers);
    try {
      const result = structured(await call('slack_search_messages', { to_me: 'true', count: 5 }, other));
      const rest = await get(h.app, '/search/messages?to_me=true&count=5', headers);
      expect(result.messages).toEqual(rest.body.messages);
      const mine = structured(await call('slack_search_messages', { to_me: 'true', count: 5 }));
      expect(result.query).not.toEqual(mine.query);
    } finally {
      await other.close();
    }
  });

  it('search_tools refuses duplicate tool keys as REST does', async () => {
    const tools = [catalogTools[0], catalogTools[0]];
    expect(toolError(await call('search_tools', { query: ['send'], tools }))).toEqual(
      errorBody(
        400,
        'AS_ERR_BAD_REQUEST',
        'body/tools/1/toolKey "a1f3:send_message" duplicates body/tools/0/toolKey',
      ),
    );
  });
});

describe('bad arguments are tool errors that name the argument', () => {
  it.each([
    [
      'slack_search_messages',
      { query: 'deploy', count: 0 },
      'arguments/count must be an integer from 1 to 100',
    ],
    ...['Infinity', '-Infinity', '1e400', '0x10', ' 1', 1.5, true].map(
      (count): [string, Record<string, unknown>, string] => [
        'slack_search_messages',
        { query: 'deploy', count },
        'arguments/count must be an integer from 1 to 100',
      ],
    ),
    [
      'slack_search_messages',
      { query: 'deploy', sort: 'newest' },
      'arguments/sort must be one of score, timestamp',
    ],
    [
      'slack_search_messages',
      { query: 'deploy', channel_ids: ['general'] },
      'arguments/channel_ids/0 must be an id like C0123ABCD, or #name (%23name in a URL)',
    ],
    [
      'slack_search_messages',
      { query: 'deploy', verbose: true },
      'unknown argument "verbose"; this tool takes query, count, cursor, sort, sort_dir, highlight, response_format, workspace, channel_ids, from_users, after, before, on, to_me, min_score, dedupe_threads, max_text_chars, include_context',
    ],
    [
      'slack_search_messages',
      { query: 'deploy', after: '2026-13-01' },
      'arguments/after must be a date like 2026-03-01',
    ],
    ['slack_get_thread_replies', { thread_ts: DEMO_LONG_THREAD.ts }, 'arguments/channel_id is required'],
    [
      'slack_get_thread_replies',
      { channel_id: DEMO_LONG_THREAD.channel, thread_ts: 'yesterday' },
      'arguments/thread_ts must be a message ts like 1773133920.004100',
    ],
    ['search_tools', { query: 'send a message', tools: [] }, 'arguments/query must be an array of strings'],
    [
      'search_tools',
      { query: ['send'], tools: [{ toolKey: '', toolName: 'x', serverName: 'y' }] },
      'arguments/tools/0/toolKey must be 1 to 512 characters long',
    ],
  ])('%s %j', async (name, args, message) => {
    expect(toolError(await call(name, args))).toEqual(errorBody(400, 'FST_ERR_VALIDATION', message));
    expect(h.slack.calls.filter((c) => c.method !== 'auth.test')).toEqual([]);
  });

  it('a search with neither query nor to_me is a tool error naming query', async () => {
    expect(toolError(await call('slack_search_messages', { count: 5 }))).toEqual(
      errorBody(400, 'AS_ERR_BAD_REQUEST', 'query is required unless to_me is set'),
    );
  });

  it.each([
    [
      'a scalar where an array is expected, a numeric string',
      { channel_ids: 'C07ENGINRG', count: '2' },
      'channel_ids=C07ENGINRG&count=2',
    ],
    [
      'a comma-separated list, a boolean as to_me',
      { channel_ids: 'C07ENGINRG, C07INCIDNT', to_me: false },
      'channel_ids=C07ENGINRG,C07INCIDNT',
    ],
    [
      'lists in an array, mixed',
      { from_users: ['U07DEPLOYB,U07AMARAOK'], count: 3 },
      'from_users=U07DEPLOYB&from_users=U07AMARAOK&count=3',
    ],
  ])('coerces and splits as REST does: %s', async (_name, args, query) => {
    const result = structured(await call('slack_search_messages', { query: 'deploy', ...args }));
    const rest = await get(h.app, `/search/messages?query=deploy&${query}`);
    expect(rest.status).toBe(200);
    expect(result).toEqual(asMcp(rest.body));
    expect((result.messages as { total: number }).total).toBeGreaterThan(0);
  });

  it('an unknown tool is a JSON-RPC error naming the tools', async () => {
    await expect(call('slack_post_message', {})).rejects.toThrow(
      `Unknown tool "slack_post_message"; the tools are ${MCP_TOOL_NAMES.join(', ')}`,
    );
  });
});

describe('Slack failures are tool errors with our code', () => {
  it('a Slack 429 says when to retry', async () => {
    h.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 30 });
    expect(toolError(await call('slack_search_messages', { query: 'ratelimited words' }))).toEqual({
      ...errorBody(
        429,
        'AS_ERR_SLACK_RATE_LIMITED',
        'Slack rate limit for search.messages: retry after 30 s',
      ),
      retryAfterSeconds: 30,
    });
  });

  it('a Slack call past the deadline is AS_ERR_DEADLINE', async () => {
    // conversations.replies: the 429 above made the rate gate hold search.messages back for 30 s.
    h.slack.inject({ method: 'conversations.replies', kind: 'delay', ms: DEADLINE_MS + 800 });
    const args = { channel_id: DEMO_LONG_THREAD.channel, thread_ts: DEMO_LONG_THREAD.ts, limit: 7 };
    expect(toolError(await call('slack_get_thread_replies', args))).toEqual(
      errorBody(504, 'AS_ERR_DEADLINE', `The request did not finish within ${DEADLINE_MS} ms`),
    );
  });

  it('no Slack token at all is AS_ERR_NO_SLACK_TOKEN, while search_tools still works', async () => {
    const bare = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: undefined } });
    const bareBase = await bare.app.listen({ port: 0, host: '127.0.0.1' });
    const c = await connectHttp(bareBase);
    try {
      expect(toolError(await call('slack_search_messages', { query: 'deploy' }, c))).toEqual(
        errorBody(
          401,
          'AS_ERR_NO_SLACK_TOKEN',
          'No Slack identity for this request: sign in with Slack (a bearer token from this server, see /signin) or send X-Slack-Token (a user token, xoxp-…); a service may use SLACK_USER_TOKEN',
        ),
      );
      structured(await call('search_tools', { query: ['send'], tools: catalogTools }, c));
    } finally {
      await c.close();
      await bare.close();
    }
  });

  it('an unexpected failure is AS_ERR_INTERNAL without its message', async () => {
    const spy = vi.spyOn(h.app.catalog, 'search').mockImplementationOnce(() => {
      throw new TypeError('secret internals at /srv/app.js:42');
    });
    expect(toolError(await call('search_tools', { query: ['send'], tools: catalogTools }))).toEqual(
      errorBody(500, 'AS_ERR_INTERNAL', 'Internal Server Error'),
    );
    spy.mockRestore();
  });

  it('a thread Slack does not know is AS_ERR_SLACK_NOT_FOUND', async () => {
    const args = { channel_id: DEMO_LONG_THREAD.channel, thread_ts: '1773133920.999999' };
    expect(toolError(await call('slack_get_thread_replies', args))).toEqual(
      errorBody(404, 'AS_ERR_SLACK_NOT_FOUND', 'Slack: thread_not_found'),
    );
  });
});

describe('HTTP-level protection of /mcp', () => {
  it('answers 401 in our shape without a bearer token, and the SDK client sees the 401', async () => {
    const res = await rawPost({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, MCP_HEADERS);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="agent-search"');
    expect(await res.json()).toEqual(
      errorBody(
        401,
        'AS_ERR_UNAUTHORIZED',
        'Missing Authorization header: send Authorization: Bearer <token>',
      ),
    );
    const err = await connectHttp(base, bearer('wrong-token')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamableHTTPError);
    expect((err as StreamableHTTPError).code).toBe(401);
  });

  it('answers 403 when a project-scoped token names another project', async () => {
    const res = await rawPost(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { ...MCP_HEADERS, ...bearer(SCOPED), 'x-project-id': 'billing' },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(
      errorBody(403, 'AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'),
    );
  });

  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(new URL('/mcp', base), {
        method,
        headers: { ...bearer(), accept: 'text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual(
        errorBody(
          405,
          'AS_ERR_METHOD_NOT_ALLOWED',
          `${method} /mcp is not offered: this MCP endpoint is stateless and answers POST only`,
        ),
      );
    }
  });

  it('answers 406 in our shape when Accept does not list both media types', async () => {
    const res = await rawPost(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {
        ...bearer(),
        'content-type': 'application/json',
        accept: 'application/json',
      },
    );
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual(
      errorBody(
        406,
        'AS_ERR_NOT_ACCEPTABLE',
        'Send Accept: application/json, text/event-stream (an MCP client accepts both)',
      ),
    );
  });

  it('answers 400 with JSON-RPC error -32600 for a body that is not a JSON-RPC request', async () => {
    const res = await rawPost({ jsonrpc: '2.0', id: 1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid Request: method is required' },
    });
  });

  it('answers a notification with 202 and no body', async () => {
    const res = await rawPost({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });
});

import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';

const SCOPED = 'scoped-token-for-p1-p2';
const EVERYWHERE = 'file-token-for-all';
const tools = [
  {
    toolKey: 'k1',
    toolName: 'send_message',
    serverName: 'Slack',
    description: 'Post a message to a Slack channel',
  },
  {
    toolKey: 'k2',
    toolName: 'create_issue',
    serverName: 'GitHub',
    description: 'Open an issue in a repository',
  },
  {
    toolKey: 'k/3 ünïcödé',
    toolName: 'write_file',
    serverName: 'filesystem',
    description: 'Write content to a file',
  },
  { toolKey: 'k4', toolName: 'get_forecast', serverName: 'weather', description: '获取城市天气预报' },
  { toolKey: 'k5', toolName: 'list_channels', serverName: 'Slack' },
];

let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'as-tokens-'));
  const file = join(dir, 'tokens.json');
  const sha = (t: string) => createHash('sha256').update(t).digest('hex');
  writeFileSync(
    file,
    JSON.stringify([
      { name: 'router-prod', sha256: sha(SCOPED), projects: ['p1', 'p2'] },
      { name: 'ops', sha256: sha(EVERYWHERE), projects: '*' },
    ]),
  );
  h = await buildHarness({
    config: { API_TOKENS_FILE: file },
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => h.close());

const post = (app: FastifyInstance, body: unknown, headers: Record<string, string> = {}, token = API_TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/catalog/search',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /catalog/search', () => {
  it('answers a keyword query with the contract shape, best first', async () => {
    const res = await post(h.app, { query: ['send', 'slack', 'message'], tools, maxResults: 3 });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results[0]).toEqual({
      ...tools[0],
      relevance: expect.any(Number),
      explanation: 'Matched "send", "slack", "message" in name, server and description.',
    });
    expect(results.map((r: { toolKey: string }) => r.toolKey)).toEqual(['k1', 'k5']);
    expect(results[1]).toEqual({
      ...tools[4],
      relevance: expect.any(Number),
      explanation: expect.stringMatching(/^Matched "slack"/),
    });
    expect(Object.keys(results[1])).not.toContain('description');
  });

  it('answers a sentence query, echoes opaque keys exactly, and keeps relevance in [0,1] and monotone', async () => {
    const res = await post(h.app, { query: ['Please save these notes to a file called notes.md'], tools });
    const { results } = res.json();
    expect(results[0].toolKey).toBe('k/3 ünïcödé');
    const rel = results.map((r: { relevance: number }) => r.relevance);
    for (const r of rel) expect(r).toBeGreaterThanOrEqual(0);
    for (const r of rel) expect(r).toBeLessThanOrEqual(1);
    expect([...rel].sort((a, b) => b - a)).toEqual(rel);
  });

  it('uses context as a weaker signal than the query', async () => {
    const withContext = await post(h.app, { query: ['create'], context: 'track the bug on GitHub', tools });
    expect(withContext.json().results[0].toolKey).toBe('k2');
    const queryWins = await post(h.app, {
      query: ['slack message'],
      context: 'github issue repository',
      tools,
    });
    expect(queryWins.json().results[0].toolKey).toBe('k1');
  });

  it('searches CJK descriptions with a CJK query', async () => {
    const res = await post(h.app, { query: ['天气预报'], tools });
    expect(res.json().results.map((r: { toolKey: string }) => r.toolKey)).toEqual(['k4']);
  });

  it('returns [] when nothing matches, and never reports a weak best match as 1.0', async () => {
    expect((await post(h.app, { query: ['zebra quantum'], tools })).json()).toEqual({ results: [] });
    const weak = (await post(h.app, { query: ['repository'], tools })).json().results;
    expect(weak[0].toolKey).toBe('k2');
    expect(weak[0].relevance).toBeLessThan(0.9);
  });

  it('honours maxResults: default 20, capped at 100, below 1 rejected', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      toolKey: `t${i}`,
      toolName: `send_message_${i}`,
      serverName: 'Slack',
    }));
    expect((await post(h.app, { query: ['send message'], tools: many })).json().results).toHaveLength(20);
    expect(
      (await post(h.app, { query: ['send message'], tools: many, maxResults: 1000 })).json().results,
    ).toHaveLength(100);
    expect(
      (await post(h.app, { query: ['send message'], tools: many, maxResults: 2 })).json().results,
    ).toHaveLength(2);
    const zero = await post(h.app, { query: ['x'], tools, maxResults: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'body/maxResults must be an integer of at least 1'),
    );
  });

  it('audit-logs each search without the query text', async () => {
    lines.length = 0;
    await post(h.app, { query: ['confidential merger plans'], tools }, { 'x-project-id': 'p1' }, SCOPED);
    const audit = lines.map((l) => JSON.parse(l)).find((l) => l.audit);
    expect(audit.audit).toEqual({
      token: 'router-prod',
      project: 'p1',
      tools: 5,
      results: 0,
      ms: expect.any(Number),
    });
    expect(lines.join('\n')).not.toContain('confidential');
  });
});

describe('access', () => {
  it.each([
    ['an API_TOKENS token, any project', API_TOKEN, { 'x-project-id': 'p9' }, 200],
    ['a scoped token, its project', SCOPED, { 'x-project-id': 'p2' }, 200],
    ['a scoped token, via x-mcpr-project', SCOPED, { 'x-mcpr-project': 'p1' }, 200],
    ['a scoped token, no project', SCOPED, {}, 403],
    ['a scoped token, __unassigned__', SCOPED, { 'x-project-id': '__unassigned__' }, 403],
    ['a scoped token, another project', SCOPED, { 'x-project-id': 'p3' }, 403],
    ['a scoped token, another project via x-mcpr-project', SCOPED, { 'x-mcpr-project': 'p3' }, 403],
    ['a "*" file token, any project', EVERYWHERE, { 'x-project-id': 'zz' }, 200],
    ['an unknown token', 'nope', {}, 401],
  ] as const)('%s → %i', async (_name, token, headers, status) => {
    const res = await post(h.app, { query: ['send'], tools }, headers, token);
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      const named = Object.values(headers).includes('p3');
      expect(res.json()).toEqual(
        named
          ? errorBody(403, 'AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "p3"')
          : errorBody(
              403,
              'AS_ERR_PROJECT_REQUIRED',
              'This token is scoped to projects: name one of them in X-Project-Id',
            ),
      );
    }
    if (status === 401) expect(res.headers['www-authenticate']).toBe('Bearer realm="agent-search"');
  });
});

describe('bad input → 400 naming the item, never 500', () => {
  const tool = { toolKey: 'a', toolName: 'x', serverName: 's' };
  it.each([
    ['missing query', { tools: [tool] }, 'body/query is required'],
    ['empty query', { query: [], tools: [tool] }, 'body/query must have 1 to 1000 items'],
    [
      'too many query items',
      { query: Array(1001).fill('a'), tools: [tool] },
      'body/query must have 1 to 1000 items',
    ],
    ['query as a number', { query: [5], tools: [tool] }, 'body/query/0 must be a string'],
    [
      'description a number',
      { query: ['a'], tools: [{ ...tool, description: 5 }] },
      'body/tools/0/description must be a string or null',
    ],
    ['missing tools', { query: ['a'] }, 'body/tools is required'],
    [
      'tool name wrong type',
      { query: ['a'], tools: [tool, { ...tool, toolKey: 'b', toolName: 7 }] },
      'body/tools/1/toolName must be a string',
    ],
    [
      'empty toolKey',
      { query: ['a'], tools: [{ ...tool, toolKey: '' }] },
      'body/tools/0/toolKey must be 1 to 512 characters long',
    ],
    [
      'duplicate toolKey',
      { query: ['a'], tools: [tool, { ...tool }] },
      'body/tools/1/toolKey "a" duplicates body/tools/0/toolKey',
    ],
    [
      'description not a string',
      { query: ['a'], tools: [{ ...tool, description: 7 }] },
      'body/tools/0/description must be a string or null',
    ],
    [
      'serverId not a string',
      { query: ['a'], tools: [{ ...tool, serverId: 7 }] },
      'body/tools/0/serverId must be a string',
    ],
    [
      'too many tools',
      { query: ['a'], tools: Array.from({ length: 5001 }, (_, i) => ({ ...tool, toolKey: `k${i}` })) },
      'body/tools must have at most 5000 items',
    ],
    [
      'maxResults not an integer',
      { query: ['a'], tools: [tool], maxResults: 2.5 },
      'body/maxResults must be an integer of at least 1',
    ],
    ['body not an object', [1, 2], 'body must be an object'],
  ])('%s', async (_name, body, message) => {
    const res = await post(h.app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: expect.any(String), error: 'Bad Request', message });
  });

  it('rejects malformed JSON and a body over 8 MB cleanly', async () => {
    const broken = await post(h.app, '{"query": [');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    const huge = await post(h.app, {
      query: ['a'],
      tools: [{ toolKey: 'a', toolName: 'x', serverName: 's', description: 'd'.repeat(9 * 1024 * 1024) }],
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
  });

  it('accepts 5,000 tools and extra fields', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      toolKey: `k${i}`,
      toolName: `tool_${i}`,
      serverName: 'srv',
      extra: true,
    }));
    const res = await post(h.app, { query: ['tool_42'], tools: many, somethingNew: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].toolKey).toBe('k42');
  });
});

describe("MCP Router's real shapes", () => {
  const routerTools = [
    {
      toolKey: 'srv-1:search_species',
      toolName: 'search_species',
      serverName: 'biodb',
      serverId: 'srv-1',
      projectId: 'proj-9',
      description: 'Look up an organism',
      inputSchema: {
        type: 'object',
        properties: {
          organism: { type: 'string', description: 'Latin or common name, e.g. zebrafish' },
          limit: { type: 'integer' },
        },
      },
    },
    { toolKey: 'k2', toolName: 'list_files', serverName: 'fs', description: null },
  ];

  it('finds a word only a parameter describes, echoes serverId and projectId, and takes description null', async () => {
    const res = await post(h.app, { query: ['zebrafish'], tools: routerTools });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          toolKey: 'srv-1:search_species',
          toolName: 'search_species',
          serverName: 'biodb',
          serverId: 'srv-1',
          projectId: 'proj-9',
          description: 'Look up an organism',
          relevance: expect.any(Number),
          explanation: 'Matched "zebrafish" in parameters.',
        },
      ],
    });
    const files = await post(h.app, { query: ['list files'], tools: routerTools });
    expect(files.json()).toEqual({
      results: [
        {
          toolKey: 'k2',
          toolName: 'list_files',
          serverName: 'fs',
          relevance: expect.any(Number),
          explanation: 'Matched "list", "files" in name.',
        },
      ],
    });
  });

  it('accepts a description of any length and ranks on its first 8 KB', async () => {
    const long = {
      toolKey: 'k9',
      toolName: 'archive',
      serverName: 'fs',
      description: `Zip a folder. ${'x '.repeat(60_000)}zebrafish`,
    };
    const res = await post(h.app, { query: ['zip'], tools: [long] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [{ ...long, relevance: expect.any(Number), explanation: 'Matched "zip" in description.' }],
    });
    expect((await post(h.app, { query: ['zebrafish'], tools: [long] })).json()).toEqual({ results: [] });
  });

  it('accepts an 18 KB query item and a long context, ranked on their most telling words', async () => {
    const filler = 'Please take care of the following step of my plan carefully and report back. ';
    const task = `${filler.repeat(120)}Then post the summary as a message to the team channel on Slack. ${filler.repeat(100)}`;
    expect(task.length).toBeGreaterThan(17_000);
    const res = await post(h.app, { query: [task], context: task, tools, maxResults: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { toolKey: string }) => r.toolKey)).toEqual(['k1', 'k5']);
  });

  it('answers a body without Content-Type with a 415 that says what to send', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/catalog/search',
      headers: { authorization: `Bearer ${API_TOKEN}` },
      payload: JSON.stringify({ query: ['send'], tools }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      error: 'Unsupported Media Type',
      message: 'Unsupported Media Type: send Content-Type: application/json',
    });
  });

  it('keeps relevance when a context matches nothing, and lets a matching context reorder', async () => {
    const query = ['send a message'];
    const alone = (await post(h.app, { query, tools })).json().results;
    const unrelated = (await post(h.app, { query, context: 'zzyzx quux frobnicate', tools })).json().results;
    expect(unrelated).toEqual(alone);
    const steered = (await post(h.app, { query: ['list or send'], context: 'channels', tools })).json()
      .results;
    expect(steered[0].toolKey).toBe('k5');
  });
});

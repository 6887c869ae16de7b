import { get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorkspace, DEMO_OTHER_TOKEN, DEMO_OTHER_USER_ID } from '../../fake-slack/index.js';
import { MAX_JSON_KEY_NAMES, MAX_JSON_OBJECT_KEYS, MAX_JSON_VALUES } from '../../src/http/json-limits.js';
import { API_TOKEN, authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';
import { routerCatalogBody } from '../support/router-bodies.js';
import { waitFor } from '../support/wait-for.js';

// Issue 28: what an attacker or a buggy client sends, and what others see meanwhile.
let h: Harness;
let now = Date.now();
const PRIVATE = 'C07LAUNCHQ';
beforeAll(async () => {
  const workspace = createDemoWorkspace();
  workspace.channels.push({ id: 'C0PROTO001', kind: 'public', name: '__proto__', members: [], created: 1 });
  h = await buildHarness({ fake: { workspace }, clock: () => now });
});
afterAll(() => h.close());

const JSON_TYPE = { 'content-type': 'application/json' };
const MCP_HEADERS = { ...JSON_TYPE, accept: 'application/json, text/event-stream' };
const post = (url: string, payload: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${API_TOKEN}`, ...headers },
    payload,
  });
const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
const catalog = (inputSchema: string) =>
  `{"query":["send"],"tools":[{"toolKey":"k","toolName":"send","serverName":"s","inputSchema":${inputSchema}}]}`;

describe('nothing is read before authentication and routing', () => {
  it.each([
    ['POST', '/nope'],
    ['POST', '/healthz'],
    ['PUT', '/catalog/search'],
  ] as const)('%s %s with a broken JSON body and no token → 404 naming the route', async (method, url) => {
    const res = await h.app.inject({ method, url, headers: JSON_TYPE, payload: '{bad' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 404,
      body: errorBody(404, 'FST_ERR_NOT_FOUND', `Route ${method} ${url} not found`),
    });
  });

  it('a route that takes no body does not parse one (DELETE /mcp → 405, not 400)', async () => {
    const res = await h.app.inject({
      method: 'DELETE',
      url: '/mcp',
      headers: { ...authHeaders(), ...JSON_TYPE },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(405);
  });
});

describe('bodies are bounded by what they cost to parse', () => {
  it('refuses an object of more keys than MAX_JSON_OBJECT_KEYS, and takes one at the limit', async () => {
    const over = await post('/catalog/search', catalog(keys(MAX_JSON_OBJECT_KEYS + 1)));
    expect(over.json()).toEqual(
      errorBody(
        400,
        'AS_ERR_BODY_TOO_COMPLEX',
        `An object in the body holds more than ${MAX_JSON_OBJECT_KEYS} keys, the limit`,
      ),
    );
    const at = await post('/catalog/search', catalog(keys(MAX_JSON_OBJECT_KEYS)));
    expect(at.statusCode).toBe(200);
  });

  it('refuses more distinct key names than MAX_JSON_KEY_NAMES, even in small objects', async () => {
    const objects = Array.from({ length: MAX_JSON_KEY_NAMES / 20 + 1 }, (_, i) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`o${i}_${k}`, 0]))),
    );
    const res = await post('/catalog/search', catalog(`{"enum":[${objects.join(',')}]}`));
    expect(res.json()).toEqual(
      errorBody(
        400,
        'AS_ERR_BODY_TOO_COMPLEX',
        `The body holds more than ${MAX_JSON_KEY_NAMES} distinct key names, the limit`,
      ),
    );
  });

  it("answers MCP Router's 5,000 tools with their input schemas (~85,000 keys of repeated shapes)", async () => {
    const res = await post('/catalog/search', routerCatalogBody(5000));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().results).toHaveLength(20);
  });

  it('refuses more values than MAX_JSON_VALUES', async () => {
    const res = await post('/catalog/search', catalog(`{"enum":[${'0,'.repeat(MAX_JSON_VALUES)}0]}`));
    expect(res.json()).toEqual(
      errorBody(
        400,
        'AS_ERR_BODY_TOO_COMPLEX',
        `The body holds more than ${MAX_JSON_VALUES} values (array items and object members), the limit`,
      ),
    );
  });

  it('refuses a large _meta on /mcp before the MCP SDK sees it', async () => {
    const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":${keys(5000)},"name":"search_tools","arguments":{}}}`;
    const res = await post('/mcp', body, MCP_HEADERS);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32602,
          message:
            "Invalid params: params hold more than 1000 keys and values besides the tool's arguments (_meta included)",
        },
      },
    });
  });

  it('answers initialize with empty params -32602, naming what is missing', async () => {
    const res = await post('/mcp', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}', MCP_HEADERS);
    expect(res.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32602,
        message:
          'Invalid params: params.protocolVersion must be a string, the MCP version the client speaks (e.g. "2025-06-18")',
      },
    });
  });

  it('refuses a body that is not UTF-8, naming the byte and the member', async () => {
    const body = Buffer.concat([
      Buffer.from('{"query":["send"],"tools":[{"toolKey":"a'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","toolName":"send"}]}'),
    ]);
    const res = await post('/catalog/search', body);
    expect(res.json()).toEqual(
      errorBody(
        400,
        'AS_ERR_BODY_NOT_UTF8',
        'The request body is not valid UTF-8 at byte 40 in the value of "toolKey": send JSON text encoded as UTF-8',
      ),
    );
  });
});

describe('#name resolves through a Map', () => {
  it('finds a channel named __proto__ and answers 404 naming #constructor', async () => {
    const proto = await get(h.app, '/channels/%23__proto__/history?limit=1');
    expect({ status: proto.status, id: proto.body.channel_id, name: proto.body.channel_name }).toEqual({
      status: 200,
      id: 'C0PROTO001',
      name: '__proto__',
    });
    const missing = await get(h.app, '/channels/%23constructor/history?limit=1');
    expect(missing.body).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        'Slack: no channel named #constructor that this Slack token can see',
      ),
    );
  });
});

describe('one caller never changes what another sees, and access changes are honoured', () => {
  it("a non-member's failed read does not blank the channel's name for a member", async () => {
    // Deadlines are reckoned on the app's clock against real timers: start it at the real time.
    now = Date.now();
    const refused = await get(h.app, `/channels/${PRIVATE}/history?limit=1`);
    expect(refused.status).toBe(404);
    const member = await get(
      h.app,
      `/channels/${PRIVATE}/history?limit=1`,
      authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }),
    );
    expect({ status: member.status, name: member.body.channel_name }).toEqual({
      status: 200,
      name: 'launch-q2',
    });
  });

  it('a member removed from a private channel reads its cached pages for at most 60 s', async () => {
    const read = () =>
      get(h.app, `/channels/${PRIVATE}/history?limit=2`, authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }));
    expect((await read()).status).toBe(200);
    now += 1000;
    const cached = await read();
    expect({ status: cached.status, cache: cached.headers['x-cache'] }).toEqual({
      status: 200,
      cache: 'HIT',
    });
    h.slack.removeMember(PRIVATE, DEMO_OTHER_USER_ID);
    now += 30_000;
    expect((await read()).status).toBe(200);
    now += 30_000;
    expect((await read()).status).toBe(404);
  });

  it('a revoked Slack token is served no cached answer after 60 s', async () => {
    const read = () =>
      get(h.app, '/channels/C07ENGINRG/history?limit=2', authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }));
    now += 120_000;
    expect((await read()).status).toBe(200);
    h.slack.revokeToken(DEMO_OTHER_TOKEN);
    now += 30_000;
    expect((await read()).status).toBe(200);
    now += 30_000;
    expect((await read()).status).toBe(401);
  });
});

describe('connections are bounded per client address', () => {
  let other: Harness;
  let port: number;
  beforeAll(async () => {
    other = await buildHarness({ config: { MAX_CONNECTIONS_PER_ADDRESS: 3, REQUEST_TIMEOUT_MS: 1000 } });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    port = (other.app.server.address() as { port: number }).port;
  });
  afterAll(() => other.close());

  const healthz = () =>
    new Promise<number>((resolve, reject) =>
      httpGet({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject),
    );

  it('closes the sockets past the bound from one address, and silent ones after the header time; others are served', async () => {
    const sockets: Socket[] = [];
    let closed = 0;
    for (let i = 0; i < 5; i++) {
      const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' });
      socket.on('error', () => {});
      socket.on('close', () => closed++);
      sockets.push(socket);
    }
    await waitFor(() => closed >= 2, 'two sockets past the bound closed');
    expect(await healthz()).toBe(200);
    // The three within the bound never send a request: they close after the header time (1 s here).
    await waitFor(() => closed === 5, 'the silent sockets closed', 5000);
  });
});

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from '../../src/http/json-limits.js';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

const JSON_TYPE = { 'content-type': 'application/json' };
const MCP_HEADERS = { ...JSON_TYPE, accept: 'application/json, text/event-stream' };
const post = (url: string, payload: string, headers: Record<string, string> = JSON_TYPE) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${API_TOKEN}`, ...headers },
    payload,
  });

/** A catalog body whose one tool has a parameter nesting `levels` arrays deep (2 bytes a level). */
const deepCatalogBody = (levels: number) =>
  `{"query":["send message"],"tools":[{"toolKey":"k","toolName":"send","serverName":"s","description":"send a message","inputSchema":{"properties":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}}]}`;
const asToolCall = (args: string, id = 1) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"search_tools","arguments":${args}}}`;

const TOO_DEEP = errorBody(
  400,
  'AS_ERR_BODY_TOO_DEEP',
  `The body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels, the limit`,
);
const sendResult = {
  results: [
    {
      toolKey: 'k',
      toolName: 'send',
      serverName: 's',
      description: 'send a message',
      relevance: expect.any(Number),
      explanation: 'Matched "send", "message" in name and description.',
    },
  ],
};

describe('bounded nesting, checked before parsing', () => {
  it('answers a 10 KB body nesting 5,000 levels with a 400 naming the limit, twice, and goes on serving', async () => {
    const body = deepCatalogBody(5000);
    expect(body.length).toBeLessThan(10_500);
    for (let i = 0; i < 2; i++) {
      const res = await post('/catalog/search', body);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: TOO_DEEP });
    }
    const ok = await post('/catalog/search', deepCatalogBody(10));
    expect({ status: ok.statusCode, body: ok.json() }).toEqual({ status: 200, body: sendResult });
  });

  it('takes a body exactly at the limit and refuses one level more', async () => {
    // Root, tools, tool, inputSchema, properties: 5 levels before the parameter's own arrays.
    const at = await post('/catalog/search', deepCatalogBody(MAX_JSON_DEPTH - 5));
    expect({ status: at.statusCode, body: at.json() }).toEqual({ status: 200, body: sendResult });
    const over = await post('/catalog/search', deepCatalogBody(MAX_JSON_DEPTH - 4));
    expect({ status: over.statusCode, body: over.json() }).toEqual({ status: 400, body: TOO_DEEP });
  });

  it('counts brackets inside strings as text', async () => {
    const body = JSON.stringify({
      query: ['send message'],
      tools: [
        {
          toolKey: 'k',
          toolName: 'send',
          serverName: 's',
          description: `send a message ${'[{'.repeat(200)}"\\`,
        },
      ],
    });
    const res = await post('/catalog/search', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { toolKey: string }) => r.toolKey)).toEqual(['k']);
  });

  it('answers the same 400 over MCP, before the JSON-RPC layer sees the body', async () => {
    const res = await post('/mcp', asToolCall(deepCatalogBody(5000)), MCP_HEADERS);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: TOO_DEEP });
  });

  it('refuses a body of more objects and arrays than the limit, naming it', async () => {
    const many = `{"query":["x"],"tools":[],"extra":[${'{},'.repeat(MAX_JSON_CONTAINERS)}{}]}`;
    const res = await post('/catalog/search', many);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: errorBody(
        400,
        'AS_ERR_BODY_TOO_COMPLEX',
        `The body holds more than ${MAX_JSON_CONTAINERS} objects and arrays, the limit`,
      ),
    });
  });
});

describe('a body read as it arrives', () => {
  it('decodes characters split across chunks', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const description = '发送消息 🚀 send a message ünïcödé';
    const bytes = Buffer.from(
      JSON.stringify({
        query: ['发送消息 send'],
        tools: [{ toolKey: 'k', toolName: 'send', serverName: 's', description }],
      }),
    );
    const { port } = new URL(base);
    const status = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/catalog/search',
          headers: {
            authorization: `Bearer ${API_TOKEN}`,
            'content-type': 'application/json',
            'content-length': bytes.length,
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode, body }));
        },
      );
      req.on('error', reject);
      // Two bytes at a time, each write its own chunk: every multi-byte character is cut in two.
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return void req.end();
        req.write(bytes.subarray(at, at + 2));
        at += 2;
        setImmediate(next);
      };
      next();
    });
    expect({ status: status.status, body: JSON.parse(status.body) }).toEqual({
      status: 200,
      body: {
        results: [
          {
            toolKey: 'k',
            toolName: 'send',
            serverName: 's',
            description,
            relevance: expect.any(Number),
            explanation: expect.stringContaining('"send"'),
          },
        ],
      },
    });
  });
});

describe('4xx as documented', () => {
  const body = JSON.stringify({
    query: ['send message'],
    tools: [{ toolKey: 'k', toolName: 'send', serverName: 's', description: 'send a message' }],
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'answers Content-Type %s with 415',
    async (type) => {
      const res = await post('/catalog/search', body, { 'content-type': type });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 415,
        body: errorBody(
          415,
          'FST_ERR_CTP_INVALID_MEDIA_TYPE',
          'Unsupported Media Type: send Content-Type: application/json',
        ),
      });
    },
  );

  it.each(['gzip', 'br', 'deflate'])('answers Content-Encoding %s with 415 naming it', async (encoding) => {
    const res = await post('/catalog/search', body, { ...JSON_TYPE, 'content-encoding': encoding });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 415,
      body: errorBody(
        415,
        'AS_ERR_UNSUPPORTED_ENCODING',
        `Content-Encoding "${encoding}" is not supported: send the body uncompressed (identity)`,
      ),
    });
  });

  it('takes Content-Encoding: identity', async () => {
    const res = await post('/catalog/search', body, { ...JSON_TYPE, 'content-encoding': 'identity' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: sendResult });
  });

  it('names the limit a field of a union type is over', async () => {
    const long = JSON.stringify({
      query: ['send'],
      tools: [{ toolKey: 'k', toolName: 'send', serverName: 's', projectId: 'p'.repeat(513) }],
    });
    const res = await post('/catalog/search', long);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: errorBody(
        400,
        'FST_ERR_VALIDATION',
        'body/tools/0/projectId must be at most 512 characters long',
      ),
    });
  });

  it('strips __proto__ keys wherever they are, and ranks the rest', async () => {
    const poisoned =
      '{"__proto__":{"polluted":1},"query":["send message"],"tools":[{"toolKey":"k","toolName":"send","serverName":"s","description":"send a message","__proto__":{"x":1},"inputSchema":{"properties":{"__proto__":{"description":"p"},"constructor":{"prototype":{"x":1}}}}}]}';
    const res = await post('/catalog/search', poisoned);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: sendResult });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

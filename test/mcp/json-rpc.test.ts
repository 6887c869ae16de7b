import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHarness, type Harness } from '../helper.js';
import { bearer } from './mcp-client.js';

// JSON-RPC 2.0 over POST /mcp, byte for byte as a client sends it (the SDK client only ever sends
// well-formed messages with its own ids).
let h: Harness;
let base: string;
beforeAll(async () => {
  h = await buildHarness();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

const post = async (body: string) => {
  const res = await fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: {
      ...bearer(),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body,
  });
  return { status: res.status, text: await res.text() };
};

const INVALID_ID = 'Invalid Request: id must be a string (at most 256 characters) or an integer';

describe('JSON-RPC ids over HTTP', () => {
  it.each([
    ['7', '7'],
    ['0', '0'],
    ['-12', '-12'],
    ['"7"', '"7"'],
    ['"a b/c"', '"a b/c"'],
  ])('answers a ping with id %s with that very id', async (sent, echoed) => {
    const res = await post(`{"jsonrpc":"2.0","id":${sent},"method":"ping"}`);
    expect(res).toEqual({ status: 200, text: `{"result":{},"jsonrpc":"2.0","id":${echoed}}` });
  });

  it.each(['true', 'false', 'null', '[1]', '{"a":1}', '1.5', `"${'x'.repeat(257)}"`])(
    'answers id %s with -32600 and id null',
    async (id) => {
      const res = await post(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
        status: 400,
        body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: INVALID_ID } },
      });
    },
  );

  it.each([
    ['no method', '{"jsonrpc":"2.0","id":3}', 3, 'Invalid Request: method is required'],
    [
      'a wrong version',
      '{"jsonrpc":"1.0","id":3,"method":"ping"}',
      3,
      'Invalid Request: jsonrpc must be "2.0"',
    ],
    [
      'params not an object',
      '{"jsonrpc":"2.0","id":"x","method":"ping","params":[1]}',
      'x',
      'Invalid Request: params must be an object',
    ],
    [
      'a batch',
      '[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
      null,
      'Invalid Request: send one JSON-RPC 2.0 object (no batches)',
    ],
  ])('answers a request with %s with -32600 naming the problem', async (_name, body, id, message) => {
    const res = await post(body);
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 400,
      body: { jsonrpc: '2.0', id, error: { code: -32600, message } },
    });
  });
});

describe('tools/call params', () => {
  it.each([
    [
      'arguments null',
      '{"name":"search_tools","arguments":null}',
      "Invalid params: params.arguments must be an object of the tool's arguments (or left out)",
    ],
    [
      'arguments a list',
      '{"name":"search_tools","arguments":[1]}',
      "Invalid params: params.arguments must be an object of the tool's arguments (or left out)",
    ],
    [
      'a numeric tool name',
      '{"name":7,"arguments":{}}',
      'Invalid params: params.name must be a string: the name of a tool',
    ],
    ['no tool name', '{"arguments":{}}', 'Invalid params: params.name must be a string: the name of a tool'],
  ])('answers %s with -32602 and the request id', async (_name, params, message) => {
    const res = await post(`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":${params}}`);
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 11, error: { code: -32602, message } },
    });
  });

  it('keeps a numeric id through a tool call', async () => {
    const res = await post(
      '{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search_tools","arguments":{"query":["x"],"tools":[]}}}',
    );
    expect({ status: res.status, body: JSON.parse(res.text) }).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 42,
        result: { structuredContent: { results: [] }, content: [{ type: 'text', text: '{"results":[]}' }] },
      },
    });
  });
});

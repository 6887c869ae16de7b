import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_TOKEN } from '../../fake-slack/index.js';
import { API_VERSION } from '../../src/openapi/api-version.js';
import { buildHarness, type Harness } from '../helper.js';
import { bearer, catalogTools, connectHttp, MCP_TOOL_NAMES, structured } from './mcp-client.js';

// Both protocol eras from one endpoint: the SDK v2 client pinned to 2026-07-28, the same in `auto`, and
// the SDK 1.x client (2025-11-25), each listing the tools and calling one, over HTTP and over stdio.

const CATALOG_ONLY = 'eras-catalog-only-token';
const MODERN = '2026-07-28';
const SEARCH = { query: ['send a message'], tools: catalogTools, maxResults: 1 };
type Mode = 'auto' | { pin: string };

let h: Harness;
let base: string;
let dir: string;
let restSearch: unknown;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-eras-'));
  const file = join(dir, 'tokens.json');
  const sha = createHash('sha256').update(CATALOG_ONLY).digest('hex');
  writeFileSync(file, JSON.stringify([{ name: 'router', sha256: sha, projects: '*', access: ['catalog'] }]));
  h = await buildHarness({ config: { API_TOKENS_FILE: file } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const rest = await h.app.inject({
    method: 'POST',
    url: '/catalog/search',
    headers: { ...bearer(), 'content-type': 'application/json' },
    payload: SEARCH,
  });
  restSearch = rest.json();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The revision a client speaks: the v2 client says it; the 1.x client's transport sends it as a header. */
const negotiated = (client: unknown) =>
  client instanceof Client
    ? client.getNegotiatedProtocolVersion()
    : (client as { transport?: { protocolVersion?: string } }).transport?.protocolVersion;

async function v2Http(mode: Mode, headers: Record<string, string> = bearer()) {
  const client = new Client({ name: 'eras-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers } }),
  );
  return client;
}

describe('/mcp serves 2026-07-28 and 2025-11-25 alike', () => {
  it.each([
    ['SDK v2 pinned to 2026-07-28', () => v2Http({ pin: MODERN }), MODERN],
    ['SDK v2 in auto', () => v2Http('auto'), MODERN],
    ['SDK 1.x', () => connectHttp(base), '2025-11-25'],
  ] as const)('%s lists the tools and calls search_tools', async (_name, connect, version) => {
    const client = await connect();
    try {
      expect(negotiated(client)).toBe(version);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
      expect(structured(await client.callTool({ name: 'search_tools', arguments: SEARCH }))).toEqual(
        restSearch,
      );
    } finally {
      await client.close();
    }
  });

  it.each([
    ['2026-07-28', () => v2Http({ pin: MODERN }, bearer(CATALOG_ONLY))],
    ['2025-11-25', () => connectHttp(base, bearer(CATALOG_ONLY))],
  ] as const)('a token of the catalog area sees and calls only search_tools (%s)', async (_era, connect) => {
    const client = await connect();
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search_tools']);
      const refused = await client.callTool({ name: 'slack_search_messages', arguments: { query: 'x' } });
      expect(refused.isError).toBe(true);
      expect(JSON.parse((refused.content as [{ text: string }])[0].text)).toMatchObject({
        statusCode: 403,
      });
    } finally {
      await client.close();
    }
  });
});

const meta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const post = (body: unknown, headers: Record<string, string>) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      ...bearer(),
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': MODERN,
      ...headers,
    },
    body: JSON.stringify(body),
  });

describe('2026-07-28 on the wire', () => {
  it('tools/list is complete, cached 5 minutes, private to the caller', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 'l1', method: 'tools/list', params: { _meta: meta } },
      { 'mcp-method': 'tools/list' },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toBe('l1');
    expect(body.result.tools.map((t: { name: string }) => t.name)).toEqual(MCP_TOOL_NAMES);
    expect({ ...body.result, tools: undefined }).toEqual({
      tools: undefined,
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'agent-search', version: API_VERSION } },
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'private',
    });
  });

  it.each([
    [
      'an Mcp-Method that is not the body method',
      { 'mcp-method': 'tools/call' },
      'the body names method tools/list but the Mcp-Method header names tools/call',
      'tools/call',
    ],
    [
      'no Mcp-Method',
      {},
      'the body names method tools/list but the required Mcp-Method header is absent',
      '(missing)',
    ],
  ])('%s is -32020, HTTP 400, the id kept', async (_case, headers, problem, header) => {
    const res = await post({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: meta } }, headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32020,
        message: `Bad Request: the request headers and body disagree: ${problem}`,
        data: { mismatch: { header, body: problem } },
      },
    });
  });

  it('an Mcp-Name that is not the tool called is -32020', async () => {
    const res = await post(
      {
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { _meta: meta, name: 'search_tools', arguments: SEARCH },
      },
      { 'mcp-method': 'tools/call', 'mcp-name': 'slack_search_messages' },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32020);
  });

  it('initialize, gone in 2026-07-28, is -32601 with HTTP 404', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 10, method: 'initialize', params: { _meta: meta } },
      { 'mcp-method': 'initialize' },
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 10,
      error: { code: -32601, message: 'Method not found' },
    });
  });

  it('a revision not served is -32022 naming the one that is', async () => {
    const res = await post(
      {
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/list',
        params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' } },
      },
      { 'mcp-method': 'tools/list', 'mcp-protocol-version': '2027-01-01' },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32022,
        message: 'Unsupported protocol version: 2027-01-01',
        data: { supported: [MODERN], requested: '2027-01-01' },
      },
    });
  });
});

describe('the stdio bin serves both eras', () => {
  it.each([
    ['SDK v2 pinned to 2026-07-28', { pin: MODERN } as Mode, MODERN],
    ['SDK v2 in auto', 'auto' as Mode, MODERN],
  ])(
    '%s lists the tools and calls search_tools',
    async (_name, mode, version) => {
      const client = new Client({ name: 'eras-test', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', 'src/mcp-stdio.ts'],
          cwd: process.cwd(),
          env: { SLACK_USER_TOKEN: DEMO_USER_TOKEN, SLACK_API_URL: h.slack.url, LOG_LEVEL: 'warn' },
          stderr: 'pipe',
        }),
      );
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(version);
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
        expect(structured(await client.callTool({ name: 'search_tools', arguments: SEARCH }))).toEqual(
          restSearch,
        );
      } finally {
        await client.close();
      }
    },
    60_000,
  );
});

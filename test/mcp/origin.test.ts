import { request } from 'node:http';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';
import { bearer, connectHttp, MCP_TOOL_NAMES } from './mcp-client.js';

const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const EVIL = 'http://evil.example.com';
const originRefused = (origin: string) =>
  errorBody(
    403,
    'AS_ERR_ORIGIN_FORBIDDEN',
    `Origin ${JSON.stringify(origin)} may not call /mcp: only pages from the origins in MCP_ALLOWED_ORIGINS (and loopback ones) may`,
  );
const hostRefused = (host: string) =>
  errorBody(
    403,
    'AS_ERR_HOST_FORBIDDEN',
    `Host ${JSON.stringify(host)} is not a name of this server: /mcp answers only the host names in MCP_ALLOWED_HOSTS`,
  );

/** A raw HTTP/1.1 exchange with /mcp, so Host can be set as a rebinding browser sends it (fetch cannot). */
function send(base: string, headers: Record<string, string>, method = 'POST') {
  const url = new URL('/mcp', base);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          ...bearer(),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? LIST_TOOLS : undefined);
  });
}

const toolNames = (body: unknown) =>
  (body as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);

describe('/mcp Origin check (DNS-rebinding protection), default settings', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await buildHarness({ config: { MCP_ALLOWED_ORIGINS: 'https://app.example.com' } });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h.close());

  it('refuses a foreign Origin with 403 in our shape, before authentication', async () => {
    expect(await send(base, { origin: EVIL, host: 'evil.example.com' })).toEqual({
      status: 403,
      body: originRefused(EVIL),
    });
    expect(await send(base, { origin: EVIL, authorization: 'Bearer wrong' })).toEqual({
      status: 403,
      body: originRefused(EVIL),
    });
    expect(await send(base, { origin: 'null' })).toEqual({ status: 403, body: originRefused('null') });
    expect(await send(base, { origin: 'https://app.example.com:8443' })).toEqual({
      status: 403,
      body: originRefused('https://app.example.com:8443'),
    });
  });

  it('refuses a foreign Origin on GET and DELETE too, where it would otherwise get 405', async () => {
    for (const method of ['GET', 'DELETE'])
      expect(await send(base, { origin: EVIL }, method)).toEqual({ status: 403, body: originRefused(EVIL) });
  });

  it('answers requests without Origin (servers, CLIs), from loopback pages and from listed origins', async () => {
    for (const origin of [
      undefined,
      'http://localhost:6274',
      'http://127.0.0.1',
      'https://[::1]:8443',
      'https://app.example.com',
      'HTTPS://App.Example.com:443',
    ]) {
      const answer = await send(base, origin === undefined ? {} : { origin });
      expect({ origin, status: answer.status }).toEqual({ origin, status: 200 });
      expect(toolNames(answer.body)).toEqual(MCP_TOOL_NAMES);
    }
  });

  it('any Host is answered when MCP_ALLOWED_HOSTS is unset and the server listens beyond loopback', async () => {
    const answer = await send(base, { host: 'agent-search.internal:3000' });
    expect(answer.status).toBe(200);
  });

  it("the SDK's own client connects without Origin and fails with 403 when it sends a foreign one", async () => {
    const client = await connectHttp(base);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(MCP_TOOL_NAMES);
    await client.close();
    const refused = connectHttp(base, { ...bearer(API_TOKEN), origin: EVIL });
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 403 });
  });
});

describe('/mcp Host check', () => {
  it('with MCP_ALLOWED_HOSTS, answers those host names on any port and refuses others', async () => {
    const h = await buildHarness({ config: { MCP_ALLOWED_HOSTS: 'search.example.com,localhost' } });
    try {
      const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await send(base, { host: 'search.example.com:8080' })).status).toBe(200);
      expect((await send(base, { host: 'SEARCH.example.com' })).status).toBe(200);
      expect((await send(base, { host: 'localhost:9' })).status).toBe(200);
      expect(await send(base, { host: 'evil.example.com' })).toEqual({
        status: 403,
        body: hostRefused('evil.example.com'),
      });
      expect(await send(base, { host: '127.0.0.1' })).toEqual({
        status: 403,
        body: hostRefused('127.0.0.1'),
      });
    } finally {
      await h.close();
    }
  });

  it('bound to a loopback address without MCP_ALLOWED_HOSTS, answers only loopback names', async () => {
    const h = await buildHarness({ config: { HOST: '127.0.0.1' } });
    try {
      const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
      for (const host of ['localhost:3000', '127.0.0.1', '[::1]:80'])
        expect({ host, status: (await send(base, { host })).status }).toEqual({ host, status: 200 });
      expect(
        await send(base, { host: 'evil.example.com:3000', origin: 'http://evil.example.com:3000' }),
      ).toEqual({
        status: 403,
        body: hostRefused('evil.example.com:3000'),
      });
    } finally {
      await h.close();
    }
  });
});

describe('MCP_ALLOWED_ORIGINS and MCP_ALLOWED_HOSTS settings', () => {
  it('are read from the environment and a bad entry stops the boot naming the variable', () => {
    expect(
      loadConfig({ MCP_ALLOWED_ORIGINS: 'https://a.example.com, http://b.example.com:8080' }),
    ).toMatchObject({
      MCP_ALLOWED_ORIGINS: 'https://a.example.com, http://b.example.com:8080',
    });
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'https://a.example.com,app.example.com' })).toThrow(
      'Invalid configuration: MCP_ALLOWED_ORIGINS entry "app.example.com" is not an origin (scheme://host[:port])',
    );
    expect(() => loadConfig({ MCP_ALLOWED_HOSTS: 'https://search.example.com' })).toThrow(
      'Invalid configuration: MCP_ALLOWED_HOSTS entry "https://search.example.com" is not a host name (no scheme, no port)',
    );
    expect(() => loadConfig({ MCP_ALLOWED_HOSTS: 'search.example.com:443' })).toThrow(
      'Invalid configuration: MCP_ALLOWED_HOSTS entry "search.example.com:443" is not a host name (no scheme, no port)',
    );
  });
});

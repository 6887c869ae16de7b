import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../src/catalog/index.js';
import { ROUTER_CASES, ROUTER_TOOLS, type RouterCase } from '../fixtures/router-requests.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';
import { connectHttp, structured } from '../mcp/mcp-client.js';

// MCP Router's request shapes (test/fixtures/router-requests.ts) through POST /catalog/search and
// search_tools: each answers 200, echoes every tool's ids exactly as sent (projectId null included), ranks
// the tool a person would want first, and the MCP tool answers the same. `npm run crosscheck` replays the
// router's own 40 requests.

type Result = Record<string, unknown> & { toolKey: string };

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

const post = async (body: unknown) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/catalog/search',
    headers: authHeaders({ 'content-type': 'application/json' }),
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { results: Result[] } };
};

/** What a result must say of the tool it ranks: its identity and ids exactly as sent, null included. */
const echoOf = (tool: ToolInfo) => ({
  toolKey: tool.toolKey,
  toolName: tool.toolName,
  serverName: tool.serverName,
  ...(tool.serverId !== undefined && { serverId: tool.serverId }),
  ...(tool.projectId !== undefined && { projectId: tool.projectId }),
  ...(typeof tool.description === 'string' && { description: tool.description }),
  relevance: expect.any(Number),
  explanation: expect.any(String),
});

const byKey = new Map(ROUTER_TOOLS.map((t) => [t.toolKey, t]));

describe("MCP Router's request shapes", () => {
  it('the fixture holds every shape the router sends', () => {
    const schemas = JSON.stringify(ROUTER_TOOLS.map((t) => t.inputSchema ?? null));
    expect(ROUTER_TOOLS.some((t) => t.projectId === null)).toBe(true);
    expect(ROUTER_TOOLS.some((t) => typeof t.projectId === 'string')).toBe(true);
    expect(ROUTER_TOOLS.some((t) => !('description' in t))).toBe(true);
    expect(ROUTER_TOOLS.some((t) => !('inputSchema' in t))).toBe(true);
    expect(ROUTER_TOOLS.some((t) => t.serverName === t.serverId)).toBe(true);
    for (const keyword of [
      '$schema',
      'anyOf',
      'required',
      'additionalProperties',
      'items',
      'enum',
      'default',
    ])
      expect(schemas, keyword).toContain(`"${keyword}":`);
    expect(schemas).toContain('"type":["');
    expect(schemas).toContain('{"type":"object"}');
  });

  it.each(ROUTER_CASES.map((c) => [c.fact, c] as const))(
    '%s: 200, the best tool first, every tool echoed as sent, search_tools the same',
    async (_fact, c: RouterCase) => {
      const { status, body } = await post(c.request);
      expect(status).toBe(200);
      expect(body.results[0]?.toolKey).toBe(c.best);
      expect(body).toEqual({
        results: body.results.map((r) => echoOf(byKey.get(r.toolKey) ?? ({} as ToolInfo))),
      });
      const mcp = await client.callTool({ name: 'search_tools', arguments: c.request });
      expect(structured(mcp)).toEqual(body);
    },
  );

  it('takes any JSON value as an input schema, and ranks on the rest', async () => {
    const odd = [true, null, 'object', 42, [], { properties: 'none' }].map((inputSchema, i) => ({
      toolKey: `srv-odd:archive_${i}`,
      serverId: 'srv-odd',
      toolName: `archive_${i}`,
      serverName: 'srv-odd',
      projectId: null,
      description: 'Archive a folder',
      inputSchema,
    }));
    const { status, body } = await post({ query: ['archive'], tools: odd });
    expect(status).toBe(200);
    expect(body.results.map((r) => r.toolKey).sort()).toEqual(odd.map((t) => t.toolKey).sort());
    expect(body.results.every((r) => r.projectId === null && r.serverId === 'srv-odd')).toBe(true);
  });
});

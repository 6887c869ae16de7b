import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../src/catalog/index.js';
import { ROUTER_CASES, ROUTER_TOOLS, type RouterCase } from '../fixtures/router-requests.js';
import { structured } from '../mcp/mcp-client.js';
import { useMcpHarness } from '../support/mcp-harness.js';
import { routerCatalogBody } from '../support/router-bodies.js';
import { echoOf, postCatalog } from '../support/router-echo.js';

// MCP Router's request shapes (test/fixtures/router-requests.ts) through POST /catalog/search and
// search_tools: each answers 200, echoes every tool's ids exactly as sent (projectId null included), ranks
// the tool a person would want first, and the MCP tool answers the same. `npm run crosscheck` replays the
// router's own 40 requests.

const ctx = useMcpHarness();

const post = (body: unknown) => postCatalog(ctx.h.app, body);

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
      const mcp = await ctx.client.callTool({ name: 'search_tools', arguments: c.request });
      expect(structured(mcp)).toEqual(body);
    },
  );

  it('answers 5,000 tools with their input schemas (~85,000 keys of repeated shapes), search_tools the same', async () => {
    const request = JSON.parse(routerCatalogBody(5000));
    const { status, body } = await post(request);
    expect(status).toBe(200);
    expect(body.results).toHaveLength(20);
    expect(body.results[0]?.toolName).toMatch(/^send_email_/);
    const mcp = await ctx.client.callTool({ name: 'search_tools', arguments: request });
    expect(structured(mcp)).toEqual(body);
  });

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

import { describe, expect, it } from 'vitest';
import { loadRouterCases } from '../bench/catalog-eval-data.js';
import { ROUTER_CASES, ROUTER_TOOLS } from '../test/fixtures/router-requests.js';

// test/fixtures/router-requests.ts (the hand-made router requests `npm test` uses) against MCP Router's
// own replay file: every request field, ToolInfo field, projectId kind and JSON Schema keyword the router
// sends appears in the fixture, so the in-repo tests cover each shape the router really sends.

const replay = loadRouterCases();
const replayTools = replay.flatMap((c) => c.request.tools);

/** The keywords a JSON Schema uses, at any depth (property names under `properties` excluded). */
function keywords(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) keywords(s, out);
  else if (schema !== null && typeof schema === 'object')
    for (const [key, value] of Object.entries(schema)) {
      out.add(key);
      if (key === 'properties' && value !== null && typeof value === 'object')
        for (const property of Object.values(value)) keywords(property, out);
      else keywords(value, out);
    }
  return out;
}

const kinds = (tools: readonly Record<string, unknown>[]) =>
  new Set(
    tools.flatMap((t) => [
      `projectId ${t.projectId === null ? 'null' : typeof t.projectId}`,
      `description ${t.description === undefined ? 'absent' : typeof t.description}`,
      `inputSchema ${t.inputSchema === undefined ? 'absent' : typeof t.inputSchema}`,
      ...(t.toolKey === `${t.serverId}:${t.toolName}` ? ['toolKey serverId:toolName'] : []),
    ]),
  );

describe("the hand-made router requests cover the router's own", () => {
  it('has the replay file', () => {
    expect(replay).toHaveLength(40);
  });

  it('every request field and ToolInfo field', () => {
    const mineRequest = new Set(ROUTER_CASES.flatMap((c) => Object.keys(c.request)));
    const theirsRequest = new Set(replay.flatMap((c) => Object.keys(c.request)));
    expect([...theirsRequest].filter((k) => !mineRequest.has(k))).toEqual([]);
    const mineTool = new Set(ROUTER_TOOLS.flatMap((t) => Object.keys(t)));
    expect([...new Set(replayTools.flatMap((t) => Object.keys(t)))].filter((k) => !mineTool.has(k))).toEqual(
      [],
    );
  });

  it('every kind of projectId, description, inputSchema and toolKey', () => {
    const mine = kinds(ROUTER_TOOLS);
    expect([...kinds(replayTools)].filter((k) => !mine.has(k))).toEqual([]);
  });

  it('every JSON Schema keyword used by more than one tool', () => {
    const counts = new Map<string, number>();
    for (const t of replayTools)
      for (const k of keywords(t.inputSchema)) counts.set(k, (counts.get(k) ?? 0) + 1);
    const mine = keywords(ROUTER_TOOLS.map((t) => t.inputSchema));
    const common = [...counts].filter(([, n]) => n > 1).map(([k]) => k);
    expect(common).toContain('anyOf');
    expect(common.filter((k) => !mine.has(k)).sort()).toEqual([]);
  });
});

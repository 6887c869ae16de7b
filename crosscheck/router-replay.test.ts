import { describe, expect, it } from 'vitest';
import {
  type EvalCase,
  evalFilePath,
  familyOf,
  loadEvalCases,
  loadRouterCases,
  type RouterCase,
} from '../bench/catalog-eval-data.js';
import { caseMetrics } from '../bench/catalog-metrics.js';
import type { ToolInfo } from '../src/catalog/index.js';
import { structured } from '../test/mcp/mcp-client.js';
import { useMcpHarness } from '../test/support/mcp-harness.js';
import { echoOf, postCatalog } from '../test/support/router-echo.js';

// MCP Router's own replay file (../shared/contracts/router-requests.jsonl.gz): 40 dev-set cases exactly as
// the router sends them (projectId mostly null, whole JSON Schemas, descriptions often absent). Each must
// answer 200 with its ids echoed as sent, and rank at least as well as the same case in the contract-only
// shape (the dev set's: string fields only, no schemas), which the router would otherwise never get from us.
const routerCases = loadRouterCases();
const devCases = new Map((loadEvalCases(evalFilePath()) ?? []).map((c) => [c.id, c]));

const ctx = useMcpHarness({ config: { REQUEST_DEADLINE_MS: 30_000 } });

const post = (body: unknown) => postCatalog(ctx.h.app, body);

/** Mean nDCG@10 per family, then their mean (score.py's macro headline). */
function macroNdcg(rankings: Map<string, string[]>, cases: readonly EvalCase[]) {
  const byFamily = new Map<string, number[]>();
  for (const c of cases) {
    const scores = byFamily.get(familyOf(c)) ?? [];
    scores.push(caseMetrics(rankings.get(c.id) ?? [], c.relevant)['nDCG@10']);
    byFamily.set(familyOf(c), scores);
  }
  const out = new Map([...byFamily].sort().map(([f, xs]) => [f, xs.reduce((a, b) => a + b, 0) / xs.length]));
  out.set('macro', [...out.values()].reduce((a, b) => a + b, 0) / out.size);
  return out;
}

describe("MCP Router's replay file through POST /catalog/search and search_tools", () => {
  const routerRankings = new Map<string, string[]>();
  const statuses = new Map<number, number>();

  it('has the 40 cases, each in the dev set, in the router shape', () => {
    expect(routerCases).toHaveLength(40);
    for (const c of routerCases) expect(devCases.has(c.id), c.id).toBe(true);
    const tools = routerCases.flatMap((c) => c.request.tools);
    // The shapes the replay exists for are there, so the checks below cannot pass vacuously.
    expect(tools.some((t) => t.projectId === null)).toBe(true);
    expect(tools.some((t) => typeof t.projectId === 'string')).toBe(true);
    expect(tools.some((t) => t.description === undefined)).toBe(true);
    expect(tools.some((t) => JSON.stringify(t.inputSchema ?? {}).includes('anyOf'))).toBe(true);
  });

  it.each(routerCases.map((c) => [c.id, c] as const))(
    '%s: 200, every result echoes its tool as sent, and search_tools answers the same',
    async (_id, c: RouterCase) => {
      const { status, body } = await post(c.request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status).toBe(200);
      const byKey = new Map(c.request.tools.map((t) => [t.toolKey, t]));
      expect(body.results.length).toBeGreaterThan(0);
      expect(body).toEqual({
        results: body.results.map((r) => echoOf(byKey.get(r.toolKey) ?? ({} as ToolInfo))),
      });
      routerRankings.set(
        c.id,
        body.results.map((r) => r.toolKey),
      );
      const mcp = await ctx.client.callTool({ name: 'search_tools', arguments: c.request });
      expect(structured(mcp)).toEqual(body);
    },
  );

  it('echoes projectId null and string, and tools without a description, across the replay', () => {
    const echoed = routerCases.flatMap((c) => {
      const byKey = new Map(c.request.tools.map((t) => [t.toolKey, t]));
      return (routerRankings.get(c.id) ?? []).map((key) => byKey.get(key) as ToolInfo);
    });
    expect(echoed.filter((t) => t.projectId === null).length).toBeGreaterThan(0);
    expect(echoed.filter((t) => typeof t.projectId === 'string').length).toBeGreaterThan(0);
    expect(echoed.filter((t) => t.description === undefined).length).toBeGreaterThan(0);
  });

  it('ranks the router shape at least as well as the contract-only shape (macro nDCG@10)', async () => {
    expect(routerRankings.size).toBe(40);
    const cases = routerCases.map((c) => devCases.get(c.id) as EvalCase);
    const contractRankings = new Map<string, string[]>();
    for (const c of cases) {
      const { status, body } = await post({ query: c.query, tools: c.tools, maxResults: 20 });
      expect(status).toBe(200);
      contractRankings.set(
        c.id,
        body.results.map((r) => r.toolKey),
      );
    }
    const router = macroNdcg(routerRankings, cases);
    const contract = macroNdcg(contractRankings, cases);
    const line = (m: Map<string, number>) => [...m].map(([f, x]) => `${f} ${x.toFixed(4)}`).join(', ');
    console.log(`router replay statuses: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
    console.log(`router replay nDCG@10, router shape:        ${line(router)}`);
    console.log(`router replay nDCG@10, contract-only shape: ${line(contract)}`);
    expect(router.get('macro')).toBeGreaterThanOrEqual(contract.get('macro') as number);
  });
});

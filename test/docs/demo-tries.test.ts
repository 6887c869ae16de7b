import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MCP_TRY, DEMO_TRIES } from '../../fake-slack/demo/tries.js';
import { READS } from '../../src/reads/reads.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README's REST example: each curl's extra header (if any) and path, as a newcomer pastes them. */
function readmeCurls(): Array<{ headers: Record<string, string>; path: string }> {
  const from = README.indexOf('```sh', README.indexOf('## REST, in one example'));
  const sh = README.slice(from, README.indexOf('```', from + 5));
  return [...sh.matchAll(/^curl -s -H "\$T"(?: -H '([^:']+): ([^']+)')? 'localhost:3000([^']+)'$/gm)].map(
    ([, name, value, path]) => ({ headers: name && value ? { [name]: value } : {}, path: path as string }),
  );
}

/** The Slack reads (GET routes), each with what its path looks like filled in. */
const SLACK_READS = READS.filter((read) => read.rest.method === 'GET').map((read) => ({
  path: read.rest.path,
  pattern: new RegExp(`^${read.rest.path.replace(/:[a-z_]+/g, '[^/?]+')}(\\?|$)`),
}));

let h: Harness;
// As the demo runs: the search backend chosen per token (the tests' default is search.messages).
beforeAll(async () => {
  h = await buildHarness({ config: { SLACK_SEARCH_BACKEND: 'auto' } });
});
afterAll(() => h.app.close());

describe("the demo's curl lines and the README's REST example", () => {
  it.each([
    ['the demo', DEMO_TRIES.map((path) => ({ path, headers: {} }))],
    ['the README', readmeCurls()],
  ])('%s tries every Slack read, and each try answers 200', async (_, tries) => {
    expect(SLACK_READS.length).toBe(9);
    for (const read of SLACK_READS)
      expect(tries.filter(({ path }) => read.pattern.test(path)).length, read.path).toBeGreaterThan(0);
    for (const { path, headers } of tries) {
      const res = await h.app.inject({ url: path, headers: authHeaders(headers) });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
    }
  });

  it("the demo's MCP line lists the tools", async () => {
    const mcp = await h.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: authHeaders({
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      }),
      payload: DEMO_MCP_TRY,
    });
    expect(mcp.statusCode).toBe(200);
    const names = [...mcp.body.matchAll(/"name":"(slack_[a-z_]+|search_tools)"/g)].map(([, n]) => n);
    expect(names.length).toBe(READS.length);
  });
});

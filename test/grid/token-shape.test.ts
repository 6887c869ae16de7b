import { afterEach, describe, expect, it } from 'vitest';
import { createGridOrganisation, DEMO_USER_TOKEN, GRID } from '../../fake-slack/index.js';
import { buildHarness, get, type Harness } from '../helper.js';

// The cold path of a search (issue 43): a token's shape (its kind; an org-wide token's workspaces) is kept for
// TOKEN_SHAPE_TTL_MS after Slack last said it, so no search after the first waits on it.

const { teams: T, tokens: K } = GRID;
const HOUR = 3_600_000;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A harness whose clock the test moves, past every cache entry's life but the token's shape. */
async function harness(token: string, organisation = true, backend: 'legacy' | 'rts' | 'auto' = 'legacy') {
  let skew = 0;
  h = await buildHarness({
    fake: organisation ? { organisation: createGridOrganisation() } : {},
    config: { SLACK_USER_TOKEN: token, SLACK_SEARCH_BACKEND: backend },
    clock: () => Date.now() + skew,
  });
  return { h, later: (ms: number) => (skew += ms) };
}

const searches = (s: Harness['slack']) =>
  s.calls.filter((c) => c.method === 'search.messages').map((c) => c.params.team_id ?? 'none');

describe("a token's shape", () => {
  it('once known, an org-wide token is searched in each workspace at once, even after every cache entry expired', async () => {
    const { h, later } = await harness(K.orgAna);
    await get(h.app, '/search/messages?query=rollout');
    later(6 * HOUR);
    h.slack.calls.length = 0;
    const res = await get(h.app, '/search/messages?query=rollout');
    expect(res.status).toBe(200);
    expect((res.body.messages as { total: number }).total).toBe(14);
    // No search without team_id (as a workspace token's, refused): the workspaces kept are searched, while
    // auth.test checks the token and auth.teams.list is asked again beside them.
    expect(searches(h.slack)).toEqual([T.hq, T.labs]);
    expect(h.slack.count('auth.test')).toBe(1);
    expect(h.slack.count('auth.teams.list')).toBe(1);
  });

  it('a workspace approved since is searched from the read after Slack lists it', async () => {
    const { h, later } = await harness(K.orgAna);
    h.slack.serveBody('auth.teams.list', { ok: true, teams: [{ id: T.hq, name: 'Grid HQ' }] });
    await get(h.app, '/search/messages?query=rollout');
    expect(searches(h.slack)).toEqual(['none', T.hq]);
    h.slack.reset();
    later(6 * HOUR);
    h.slack.calls.length = 0;
    // The workspace kept answers at once; the list asked beside it now names Grid Labs too.
    await get(h.app, '/search/messages?query=rollout');
    expect(searches(h.slack)).toEqual([T.hq]);
    expect(h.slack.count('auth.teams.list')).toBe(1);
    h.slack.calls.length = 0;
    const res = await get(h.app, '/search/messages?query=rollout');
    // Grid HQ's page is still cached: only Grid Labs is asked.
    expect(searches(h.slack)).toEqual([T.labs]);
    expect(String(res.body.summary)).toContain('Searched 2 workspaces (Grid HQ and Grid Labs)');
  });

  it.each(['rts', 'auto'] as const)(
    'on Real-time Search (%s), a token seen before is searched beside auth.test, not after it',
    async (backend) => {
      const { h, later } = await harness(K.orgAna, true, backend);
      await get(h.app, '/search/messages?query=rollout');
      later(6 * HOUR);
      h.slack.calls.length = 0;
      h.slack.inject({ kind: 'delay', ms: 400, times: 100 });
      const res = await get(h.app, '/search/messages?query=rollout');
      expect(res.status).toBe(200);
      const at = (method: string) => h.slack.calls.find((c) => c.method === method)?.at ?? Number.NaN;
      // Each call is held 400 ms: sent beside auth.test, the search and the caller's guest check arrive with it.
      expect(Math.abs(at('assistant.search.context') - at('auth.test'))).toBeLessThan(200);
      expect(Math.abs(at('users.info') - at('auth.test'))).toBeLessThan(200);
      expect(h.slack.count('assistant.search.context')).toBe(1);
    },
  );

  it("a workspace token's searches never ask auth.teams.list, first or later", async () => {
    const { h, later } = await harness(DEMO_USER_TOKEN, false);
    await get(h.app, '/search/messages?query=deploy');
    later(6 * HOUR);
    await get(h.app, '/search/messages?query=deploy');
    const methods = h.slack.calls.map((c) => c.method).filter((m) => m.startsWith('auth.'));
    expect(methods).toEqual(['auth.test', 'auth.test']);
    expect(searches(h.slack)).toEqual(['none', 'none']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGridOrganisation, GRID } from '../../fake-slack/index.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { NOT_LISTED } from './grid-words.js';

// auth.teams.list as the gateway reads it: every page (Slack pages by cursor), kept as lists are, and its
// failures answered as errors that say so.

const { teams: T, tokens: K } = GRID;
let h: Harness;
beforeAll(async () => {
  h = await buildHarness({
    fake: { organisation: createGridOrganisation() },
    config: { SLACK_USER_TOKEN: K.orgAna },
  });
});
afterAll(() => h.close());

describe('the workspaces of an org-wide token', () => {
  it('reads every page of auth.teams.list, once, then from the cache', async () => {
    h.slack.serveBody('auth.teams.list', (params) =>
      params.cursor === 'page-2'
        ? { ok: true, teams: [{ id: T.labs, name: 'Grid Labs' }], response_metadata: { next_cursor: '' } }
        : { ok: true, teams: [{ id: T.hq, name: 'Grid HQ' }], response_metadata: { next_cursor: 'page-2' } },
    );
    const res = await get(h.app, '/search/messages?query=green&workspace=grid%20labs');
    expect((res.body.messages as { total: number }).total).toBe(1);
    const listed = h.slack.calls.filter((c) => c.method === 'auth.teams.list');
    expect(listed.map((c) => [c.params.limit, c.params.cursor])).toEqual([
      ['1000', undefined],
      ['1000', 'page-2'],
    ]);
    await get(h.app, '/search/messages?query=tuesday&workspace=grid%20hq');
    expect(h.slack.count('auth.teams.list')).toBe(2);
    h.slack.reset();
  });

  it('a failing auth.teams.list is an error saying so, never an empty list of workspaces', async () => {
    const fresh = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: K.orgBen } });
    try {
      h.slack.inject({ kind: 'error', error: 'internal_error', method: 'auth.teams.list' });
      const res = await get(fresh.app, '/search/messages?query=x&workspace=Grid%20HQ');
      expect(res.body).toEqual(
        errorBody(
          502,
          'AS_ERR_SLACK_UNAVAILABLE',
          'Slack is unavailable: auth.teams.list answered internal_error',
        ),
      );
    } finally {
      await fresh.close();
      h.slack.reset();
    }
  });

  it("a workspace named by its domain: team.info (team:read) tells an org-wide token's domains, once", async () => {
    const fresh = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: K.orgAna } });
    try {
      const res = await get(fresh.app, '/search/messages?query=rollout&workspace=GRIDCORP-LABS&count=1');
      expect(res.status).toBe(200);
      expect(
        h.slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.params.team_id),
      ).toEqual([T.labs]);
      const asked = () =>
        h.slack.calls
          .filter((c) => c.method === 'team.info')
          .map((c) => c.params.team)
          .sort();
      expect(asked()).toEqual([T.hq, T.labs]);
      await get(fresh.app, '/search/messages?query=tuesday&workspace=gridcorp-hq');
      expect(asked()).toEqual([T.hq, T.labs]);
      // Slack refusing team.info (a sign-in from before team:read was asked): not found, naming the others.
      h.slack.reset();
      const other = await buildHarness({ slack: h.slack, config: { SLACK_USER_TOKEN: K.orgAna } });
      try {
        h.slack.inject({ kind: 'error', error: 'missing_scope', method: 'team.info', times: 2 });
        expect((await get(other.app, '/search/messages?query=x&workspace=gridcorp-labs')).body).toEqual(
          errorBody(
            404,
            'AS_ERR_UNKNOWN_WORKSPACE',
            `No workspace "gridcorp-labs" among those you can read: Grid HQ (T07GRIDHQ), Grid Labs (T07GRIDLAB)${NOT_LISTED}`,
          ),
        );
      } finally {
        await other.close();
      }
    } finally {
      await fresh.close();
      h.slack.reset();
    }
  });
});

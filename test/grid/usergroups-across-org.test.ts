import { describe, expect, it } from 'vitest';
import { createGridOrganisation, GRID } from '../../fake-slack/index.js';
import { authHeaders, get } from '../helper.js';
import { structured } from '../mcp/mcp-client.js';
import { useMcpHarness } from '../support/mcp-harness.js';

// User-group search with Ana's org-wide token: each workspace's groups searched as they are alone (members
// named there), merged in one ranking (by handle without a query), each group naming its workspace; a
// workspace whose list Slack does not give is named in the summary while the other answers.

const { users: U, tokens: K } = GRID;
const ctx = useMcpHarness({
  fake: { organisation: createGridOrganisation() },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

const TWO =
  'Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each user group names its workspace.';
const REST_NEXT =
  "A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.";
const HQ_OPS = {
  usergroup_id: GRID.usergroups.hqOps,
  handle: 'hq-ops',
  name: 'HQ Ops',
  description: 'Operations at HQ',
  member_count: 2,
  members: [
    { user_id: U.ben, user_name: 'ben' },
    { user_id: U.ana, user_name: 'ana' },
  ],
  workspace: 'Grid HQ',
};
const LABS_ML = {
  usergroup_id: GRID.usergroups.labsMl,
  handle: 'labs-ml',
  name: 'Labs ML',
  description: 'Machine learning at Labs',
  member_count: 2,
  members: [
    { user_id: U.chloe, user_name: 'chloe' },
    { user_id: U.ana, user_name: 'ana' },
  ],
  workspace: 'Grid Labs',
};

describe('user groups across an organisation', () => {
  it('REST: every group of both workspaces by handle, each named by its workspace, members by name', async () => {
    const res = await get(ctx.h.app, '/search/usergroups');
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      ok: true,
      usergroups: [HQ_OPS, LABS_ML],
      summary: `Found 2 user groups. ${TWO} ${REST_NEXT}`,
    });
    // Each workspace's list with its team_id: an org-wide token's usergroups.list needs one.
    expect(
      ctx.h.slack.calls
        .filter((c) => c.method === 'usergroups.list')
        .map((c) => c.params.team_id)
        .sort(),
    ).toEqual([GRID.teams.hq, GRID.teams.labs]);
  });

  it('REST: a query ranks across both; compact text names the workspace', async () => {
    const ml = await get(ctx.h.app, '/search/usergroups?query=ml');
    expect(ml.body).toEqual({
      ok: true,
      query: 'ml',
      usergroups: [LABS_ML],
      summary: `Found 1 user group. ${TWO} ${REST_NEXT}`,
    });
    const compact = await ctx.h.app.inject({
      url: '/search/usergroups?query=ops&response_format=compact',
      headers: authHeaders(),
    });
    expect(compact.body).toBe(
      [
        `Found 1 user group. ${TWO} ${REST_NEXT}`,
        'query: ops',
        '',
        `@hq-ops=${GRID.usergroups.hqOps} HQ Ops (2 members, Grid HQ)`,
        'Operations at HQ',
        `members: @ben=${U.ben}, @ana=${U.ana}`,
        '',
      ].join('\n'),
    );
  });

  it('MCP: slack_search_usergroups answers the same groups, in its own words', async () => {
    const tool = await ctx.client.callTool({ name: 'slack_search_usergroups', arguments: {} });
    expect(structured(tool)).toEqual({
      ok: true,
      usergroups: [HQ_OPS, LABS_ML],
      summary: `Found 2 user groups. ${TWO} A member's messages: slack_search_messages with from_users=[user_id]. Who they are: slack_search_users with query=user_name.`,
    });
  });
});

const faulty = useMcpHarness({
  fake: { organisation: createGridOrganisation() },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

describe('user groups across an organisation, one workspace failing to list them', () => {
  it("Grid HQ's list is refused: Grid Labs answers, Grid HQ is named", async () => {
    faulty.h.slack.inject({ kind: 'error', method: 'usergroups.list', error: 'ratelimited' });
    const res = await get(faulty.h.app, '/search/usergroups');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      usergroups: [LABS_ML],
      summary: `Found 1 user group. ${TWO} Grid HQ: Slack's list is still loading, so its user groups are missing here: search again in a moment. ${REST_NEXT}`,
    });
  });
});

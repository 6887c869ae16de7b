import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID } from '../../fake-slack/index.js';
import { authHeaders, get } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';
import { GROUPS } from './grid-words.js';

// Ana's org-wide token reads Grid HQ and Grid Labs: one user-group search, REST and MCP, answers from both
// workspaces' groups in one ranking (by handle without a query), each naming its workspace, one cursor to the end.

const { tokens: K, usergroups: G } = GRID;
const ctx = useMcpHarness({
  fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

const hqOps = { ...GROUPS.hqOps, workspace: 'Grid HQ' };
const labsMl = { ...GROUPS.labsMl, workspace: 'Grid Labs' };
const TWO =
  'Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each user group names its workspace.';
const REST_NEXT =
  "A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.";

describe('user groups across an organisation, with an org-wide token', () => {
  it('REST without a query: every group of both workspaces by handle, each named', async () => {
    const res = await get(ctx.h.app, '/search/usergroups');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      usergroups: [hqOps, labsMl],
      summary: `Found 2 user groups. ${TWO} ${REST_NEXT}`,
    });
    const lists = ctx.h.slack.calls.filter((c) => c.method === 'usergroups.list');
    expect(lists.map((c) => c.params.team_id)).toEqual([GRID.teams.hq, GRID.teams.labs]);
  });

  it('REST with a query: only the groups that match, from the workspace that has them', async () => {
    const res = await get(ctx.h.app, '/search/usergroups?query=ml');
    expect(res.body).toEqual({
      ok: true,
      query: 'ml',
      usergroups: [labsMl],
      summary: `Found 1 user group. ${TWO} ${REST_NEXT}`,
    });
  });

  it('one cursor pages to the end: each group once, the same total, members cut as asked', async () => {
    const first = await get(ctx.h.app, '/search/usergroups?count=1&max_members=1');
    const body = first.body as { response_metadata: { next_cursor: string } };
    const cutOps = { ...hqOps, members: [hqOps.members[0]] };
    const cutMl = { ...labsMl, members: [labsMl.members[0]] };
    const CUT = '1 user group with more members than shown: max_members=0 names all.';
    expect(first.body).toEqual({
      ok: true,
      usergroups: [cutOps],
      summary: `Found 2 user groups, showing 1. ${TWO} ${CUT} Use next_cursor for more results. ${REST_NEXT}`,
      response_metadata: { next_cursor: body.response_metadata.next_cursor },
    });
    const second = await get(
      ctx.h.app,
      `/search/usergroups?count=1&max_members=1&cursor=${encodeURIComponent(body.response_metadata.next_cursor)}`,
    );
    expect(second.body).toEqual({
      ok: true,
      usergroups: [cutMl],
      summary: `Found 2 user groups, showing 1. ${TWO} ${CUT} ${REST_NEXT}`,
    });
  });

  it('compact: each group line names its workspace', async () => {
    const res = await ctx.h.app.inject({
      method: 'GET',
      url: '/search/usergroups?response_format=compact',
      headers: authHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe(`Found 2 user groups. ${TWO} ${REST_NEXT}`);
    expect(lines).toContain(`@hq-ops=${G.hqOps} HQ Ops (2 members, Grid HQ)`);
    expect(lines).toContain(`@labs-ml=${G.labsMl} Labs ML (2 members, Grid Labs)`);
  });

  it('MCP: the same answer, in the tool’s words', async () => {
    const result = (await ctx.client.callTool({
      name: 'slack_search_usergroups',
      arguments: {},
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({
      ok: true,
      usergroups: [hqOps, labsMl],
      summary: `Found 2 user groups. ${TWO} A member's messages: slack_search_messages with from_users=[user_id]. Who they are: slack_search_users with query=user_name.`,
    });
  });
});

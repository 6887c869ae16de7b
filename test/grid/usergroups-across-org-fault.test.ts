import { describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID } from '../../fake-slack/index.js';
import { get } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';
import { GROUPS } from './grid-words.js';

// Slack refuses Grid HQ's user groups for Ana's org-wide token: Grid Labs answers, the summary names Grid HQ.

const { tokens: K } = GRID;
const ctx = useMcpHarness({
  fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

describe('user groups across an organisation that one workspace fails to list', () => {
  it('Grid Labs answers, Grid HQ is named', async () => {
    ctx.h.slack.inject({ kind: 'error', method: 'usergroups.list', error: 'ratelimited' });
    const res = await get(ctx.h.app, '/search/usergroups');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      usergroups: [{ ...GROUPS.labsMl, workspace: 'Grid Labs' }],
      summary:
        "Found 1 user group. Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each user group names its workspace. Grid HQ: Slack's list of user groups is still loading: search again in a moment. A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.",
    });
  });
});

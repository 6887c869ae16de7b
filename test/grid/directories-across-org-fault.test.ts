import { describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID } from '../../fake-slack/index.js';
import { get } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';

// A directory Slack refuses to list in one workspace of Ana's org-wide token: the other workspace answers, and
// the summary names the one whose directory is missing.

const { tokens: K } = GRID;
const ctx = useMcpHarness({
  fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

const ORG = 'https://gridcorp.enterprise.slack.com';
const two = (one: string) =>
  `Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each ${one} names its workspace.`;

describe('a directory across an organisation that one workspace fails to list', () => {
  it('people: Grid Labs answers, Grid HQ is named', async () => {
    ctx.h.slack.inject({ kind: 'error', method: 'users.list', error: 'ratelimited' });
    const res = await get(ctx.h.app, '/search/users?query=chloe');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      query: 'chloe',
      backend: 'legacy',
      users: [
        {
          user_id: GRID.users.chloe,
          name: 'chloe',
          real_name: 'Chloe Kim',
          display_name: 'chloe',
          title: 'ML Engineer',
          is_bot: false,
          tz: 'Europe/London',
          permalink: `${ORG}/team/${GRID.users.chloe}`,
          workspace: 'Grid Labs',
        },
      ],
      searched: { entries: 3, complete: false },
      summary: `Found 1 person. ${two('person')} Grid HQ: Searched only the 0 people loaded so far: the list is still loading from Slack, so search again in a minute for the rest. Their messages: GET /search/messages?from_users={user_id}&query=….`,
    });
  });

  it('channels: Grid Labs answers, Grid HQ is named', async () => {
    ctx.h.slack.inject({ kind: 'error', method: 'conversations.list', error: 'ratelimited' });
    // Grid HQ's private channels are asked for first: that list fails, its public ones load.
    const res = await get(ctx.h.app, '/search/channels?query=general');
    expect(res.status).toBe(200);
    const general = (channel_id: string, name: string, num_members: number, workspace: string) => ({
      channel_id,
      name,
      topic: '',
      purpose: '',
      is_private: false,
      is_archived: false,
      num_members,
      permalink: `${ORG}/archives/${channel_id}`,
      workspace,
    });
    expect(res.body).toEqual({
      ok: true,
      query: 'general',
      backend: 'legacy',
      channels: [
        general(GRID.channels.hqGeneral, 'hq-general', 2, 'Grid HQ'),
        general(GRID.channels.labsGeneral, 'labs-general', 3, 'Grid Labs'),
      ],
      searched: { entries: 6, complete: false },
      summary: `Found 2 channels. ${two('channel')} Grid HQ: Searched only the 3 channels loaded so far: the list is still loading from Slack, so search again in a minute for the rest. Its messages: GET /channels/{channel_id}/history. Search in one: GET /search/messages?channel_ids={channel_id}&query=….`,
    });
  });
});

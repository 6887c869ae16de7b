import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID } from '../../fake-slack/index.js';
import { authHeaders, get } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';

// Ana's org-wide token reads Grid HQ and Grid Labs: one channel or people search, REST and MCP, answers from both
// directories in one ranking, each entry naming its workspace, #launch-shared and Ana (in both) once, one cursor
// to the end; a workspace Slack refuses is named while the other answers.

const { channels: C, tokens: K, users: U } = GRID;
const ctx = useMcpHarness({
  fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

const ORG = 'https://gridcorp.enterprise.slack.com';
const channel = (workspace: string, channel_id: string, name: string, members: number, more = {}) => ({
  channel_id,
  name,
  topic: '',
  purpose: '',
  is_private: false,
  is_archived: false,
  num_members: members,
  permalink: `${ORG}/archives/${channel_id}`,
  ...more,
  workspace,
});
const hqGeneral = channel('Grid HQ', C.hqGeneral, 'hq-general', 2);
const labsGeneral = channel('Grid Labs', C.labsGeneral, 'labs-general', 3);
const launch = channel('Grid HQ', C.launchShared, 'launch-shared', 3, {
  topic: 'One launch, two workspaces',
});
const person = (workspace: string, user_id: string, name: string, real_name: string, title: string) => ({
  user_id,
  name,
  real_name,
  display_name: name,
  title,
  is_bot: false,
  tz: 'Europe/London',
  permalink: `${ORG}/team/${user_id}`,
  workspace,
});
const ana = person('Grid HQ', U.ana, 'ana', 'Ana Silva', 'Launch Lead');
const chloe = person('Grid Labs', U.chloe, 'chloe', 'Chloe Kim', 'ML Engineer');

const two = (one: string) =>
  `Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each ${one} names its workspace.`;
const CHANNEL_REST =
  'Its messages: GET /channels/{channel_id}/history. Search in one: GET /search/messages?channel_ids={channel_id}&query=….';
const PEOPLE_REST = 'Their messages: GET /search/messages?from_users={user_id}&query=….';
const all = (entries: number) => ({ entries, complete: true });

const SEARCHED_PEOPLE = 'Searched all 5 people you can see.';
const SEARCHED_CHANNELS = 'Searched all 6 channels you can see.';

describe('people across an organisation, with an org-wide token', () => {
  it('REST: people of both workspaces, each named; Ana, in both, once', async () => {
    const res = await get(ctx.h.app, '/search/users?query=ana');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      query: 'ana',
      backend: 'legacy',
      users: [ana],
      searched: all(5),
      // Ana is found in each workspace: the totals are their sum, she is shown once, as Grid HQ's (the first).
      summary: `Found 2 people, showing 1. ${SEARCHED_PEOPLE} ${two('person')} ${PEOPLE_REST}`,
    });
    expect(ctx.h.slack.calls.filter((c) => c.method === 'users.list').map((c) => c.params.team_id)).toEqual([
      GRID.teams.hq,
      GRID.teams.labs,
    ]);
    const labs = await get(ctx.h.app, '/search/users?query=chloe');
    expect((labs.body as { users: unknown[] }).users).toEqual([chloe]);
  });

  it('MCP: the same answer, in the tool’s words', async () => {
    const result = (await ctx.client.callTool({
      name: 'slack_search_users',
      arguments: { query: 'ana' },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({
      ok: true,
      query: 'ana',
      backend: 'legacy',
      users: [ana],
      searched: all(5),
      summary: `Found 2 people, showing 1. ${SEARCHED_PEOPLE} ${two('person')} Their messages: slack_search_messages with from_users=[user_id].`,
    });
  });
});

describe('channels across an organisation, with an org-wide token', () => {
  it('REST: channels of both workspaces in one ranking, each named', async () => {
    const res = await get(ctx.h.app, '/search/channels?query=general');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      query: 'general',
      backend: 'legacy',
      // The same score: Grid HQ's before Grid Labs'.
      channels: [hqGeneral, labsGeneral],
      searched: all(6),
      summary: `Found 2 channels. ${SEARCHED_CHANNELS} ${two('channel')} ${CHANNEL_REST}`,
    });
  });

  it('REST: #launch-shared, in both workspaces, once', async () => {
    const res = await get(ctx.h.app, '/search/channels?query=launch');
    expect(res.body).toEqual({
      ok: true,
      query: 'launch',
      backend: 'legacy',
      channels: [launch],
      searched: all(6),
      summary: `Found 2 channels, showing 1. ${SEARCHED_CHANNELS} ${two('channel')} ${CHANNEL_REST}`,
    });
  });

  it('#launch-shared a page at a time: shown once, and no page after it', async () => {
    const res = await get(ctx.h.app, '/search/channels?query=launch&count=1');
    expect(res.body).toEqual({
      ok: true,
      query: 'launch',
      backend: 'legacy',
      channels: [launch],
      searched: all(6),
      summary: `Found 2 channels, showing 1. ${SEARCHED_CHANNELS} ${two('channel')} ${CHANNEL_REST}`,
    });
  });

  it('compact: each channel line names its workspace', async () => {
    const res = await ctx.h.app.inject({
      method: 'GET',
      url: '/search/channels?query=general&response_format=compact',
      headers: authHeaders(),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe(`Found 2 channels. ${SEARCHED_CHANNELS} ${two('channel')} ${CHANNEL_REST}`);
    expect(lines).toContain(`#hq-general=${C.hqGeneral} (public, 2 members, Grid HQ)`);
    expect(lines).toContain(`#labs-general=${C.labsGeneral} (public, 3 members, Grid Labs)`);
  });

  it('MCP: the same answer, in the tool’s words', async () => {
    const result = (await ctx.client.callTool({
      name: 'slack_search_channels',
      arguments: { query: 'general' },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({
      ok: true,
      query: 'general',
      backend: 'legacy',
      channels: [hqGeneral, labsGeneral],
      searched: all(6),
      summary: `Found 2 channels. ${SEARCHED_CHANNELS} ${two('channel')} Its messages: slack_get_channel_history with channel_id. Search in one: slack_search_messages with channel_ids=[channel_id].`,
    });
  });

  it('one cursor pages to the end: every channel once, in order, the same total', async () => {
    const seen: unknown[] = [];
    const totals: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(
        ctx.h.app,
        `/search/channels?query=general&count=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      const body = res.body as {
        channels: unknown[];
        summary: string;
        response_metadata?: { next_cursor: string };
      };
      seen.push(...body.channels);
      totals.push(body.summary.split('.')[0]);
      cursor = body.response_metadata?.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([hqGeneral, labsGeneral]);
    expect(totals).toEqual(['Found 2 channels, showing 1', 'Found 2 channels, showing 1']);
  });
});

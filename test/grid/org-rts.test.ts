import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGridOrganisation, GRID, gridTs } from '../../fake-slack/index.js';
import { buildHarness, get, type Harness } from '../helper.js';

// Real-time Search with an org-wide token: assistant.search.context takes no team_id and answers from every
// workspace the token reads, each result naming its team_id; `workspace` keeps that workspace's results.

const { teams: T, users: U, channels: C, tokens: K } = GRID;
const link = (host: string, channel: string, minutes: number) =>
  `https://${host}.slack.com/archives/${channel}/p${gridTs(minutes).replace('.', '')}`;

let h: Harness;
beforeAll(async () => {
  h = await buildHarness({
    fake: { organisation: createGridOrganisation() },
    config: { SLACK_USER_TOKEN: K.orgAna, SLACK_SEARCH_BACKEND: 'rts' },
  });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const match = (
  channel: string,
  name: string,
  user: string,
  handle: string,
  minutes: number,
  text: string,
) => ({
  channel_id: channel,
  channel_name: name,
  user_id: user,
  username: handle,
  ts: gridTs(minutes),
  text,
  permalink: link(
    channel === C.labsSecret || channel === C.labsGeneral ? 'gridcorp-labs' : 'gridcorp-hq',
    channel,
    minutes,
  ),
  user_name: handle,
});

describe('Real-time Search with an org-wide token', () => {
  it('no workspace: one call, no team_id, results from both workspaces', async () => {
    const res = await get(h.app, '/search/messages?query=rollout&count=3');
    expect(res.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'rts',
      semantic: false,
      messages: {
        total: 3,
        matches: [
          // One search of both workspaces: each match names the one Slack says it is from.
          {
            ...match(C.labsSecret, 'labs-secret', U.chloe, 'chloe', 90, 'secret rollout budget approved'),
            workspace: 'Grid Labs',
          },
          {
            ...match(C.partnerConnect, 'partner-connect', U.pat, 'pat', 70, 'Partner side rollout confirmed'),
            workspace: 'Grid HQ',
          },
          {
            ...match(C.hqGeneral, 'hq-general', U.ana, 'ana', 10, 'HQ rollout starts Tuesday'),
            workspace: 'Grid HQ',
          },
        ],
      },
      summary:
        "Found 3 messages. At least 3 match (Slack's real-time search reports no total). Use next_cursor for more results. Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each match names its workspace. Slack's real-time search, by keywords. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.",
      response_metadata: { next_cursor: expect.stringMatching(/^aw1\./) },
    });
    expect(
      h.slack.calls.filter((c) => c.method === 'assistant.search.context').map((c) => c.params.team_id),
    ).toEqual([undefined]);
  });

  it('workspace=<id>: only the results Slack says are that workspace’s', async () => {
    const res = await get(h.app, `/search/messages?query=rollout&workspace=${T.labs}`);
    expect(res.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'rts',
      semantic: false,
      messages: {
        total: 3,
        matches: [
          match(C.labsSecret, 'labs-secret', U.chloe, 'chloe', 90, 'secret rollout budget approved'),
          match(C.labsGeneral, 'labs-general', U.gia, 'gia', 30, 'guest question: when is the rollout demo?'),
          match(
            C.labsGeneral,
            'labs-general',
            U.chloe,
            'chloe',
            20,
            'Labs rollout of the new model is green',
          ),
        ],
      },
      summary:
        "Found 3 messages. Slack's real-time search, by keywords. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.",
    });
  });

  it('files and people of one workspace', async () => {
    const files = await get(h.app, `/search/files?query=rollout&workspace=${T.labs}`);
    expect(files.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'rts',
      files: {
        total: 1,
        matches: [
          {
            file_id: GRID.files.labsNotes,
            title: 'Labs rollout notes',
            file_type: 'text',
            kind: 'text',
            user_id: U.chloe,
            user_name: 'chloe',
            created: '2026-03-09T10:25:00Z',
            permalink: `https://gridcorp-labs.slack.com/files/${U.chloe}/${GRID.files.labsNotes}`,
            preview: 'Rollout notes: model v2 to 10% on Tuesday.',
          },
        ],
      },
      summary: 'Found 1 file. Read one: GET /files/{file_id}.',
    });
    const inHq = await get(h.app, `/search/users?query=chloe&workspace=${T.hq}`);
    expect(inHq.body).toEqual({
      ok: true,
      query: 'chloe',
      backend: 'rts',
      users: [],
      summary:
        'Found 0 people. Try a handle, a name or a job title; include_bots or include_deleted for those.',
    });
    const inLabs = await get(h.app, `/search/users?query=chloe&workspace=${T.labs}`);
    expect((inLabs.body.users as { user_id: string }[]).map((u) => u.user_id)).toEqual([U.chloe]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGridOrganisation, GRID, gridTs } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, get, type Harness } from '../helper.js';

// Round 4's rule with an org-wide token: a guest's names are asked with their own token, so a person Slack hides
// from them stays an id, whichever workspace they read.

const { teams: T, users: U, channels: C, tokens: K } = GRID;
let h: Harness;
beforeAll(async () => {
  const organisation = createGridOrganisation();
  // Ana writes in #labs-general too: Gia (a guest of Grid Labs who sees only Chloe) may not see who she is.
  organisation.messages.push({
    channel: C.labsGeneral,
    ts: gridTs(35),
    user: U.ana,
    text: 'demo is Thursday',
  });
  h = await buildHarness({ fake: { organisation }, config: { SLACK_USER_TOKEN: K.orgAna } });
});
afterAll(() => h.close());

const authors = (body: Record<string, unknown>) =>
  (body.messages as { user_id: string; user_name?: string | null }[]).map((m) => [
    m.user_id,
    m.user_name ?? null,
  ]);

describe('a guest with an org-wide token', () => {
  it('reads the names Slack shows them, and ids for the people it hides, in the workspace read', async () => {
    const asGia = authHeaders({ 'x-slack-token': K.orgGia });
    const res = await get(h.app, `/channels/${C.labsGeneral}/history?workspace=${T.labs}`, asGia);
    const link = (minutes: number) =>
      `https://gridcorp.enterprise.slack.com/archives/${C.labsGeneral}/p${gridTs(minutes).replace('.', '')}`;
    expect(res.body).toEqual({
      ok: true,
      channel_id: C.labsGeneral,
      channel_name: 'labs-general',
      messages: [
        { user_id: U.ana, user_name: null, ts: gridTs(35), text: 'demo is Thursday', permalink: link(35) },
        {
          user_id: U.gia,
          user_name: 'gia',
          ts: gridTs(30),
          text: 'guest question: when is the rollout demo?',
          permalink: link(30),
        },
        {
          user_id: U.chloe,
          user_name: 'chloe',
          ts: gridTs(20),
          text: 'Labs rollout of the new model is green',
          permalink: link(20),
        },
      ],
      has_more: false,
      summary:
        '3 messages from #labs-general between 2026-03-09 10:20 UTC and 2026-03-09 10:35 UTC, newest first.',
    });
    // Ana (a member) reads every name of the same page.
    const asAna = await get(h.app, `/channels/${C.labsGeneral}/history?workspace=${T.labs}`);
    expect(authors(asAna.body)).toEqual([
      [U.ana, 'ana'],
      [U.gia, 'gia'],
      [U.chloe, 'chloe'],
    ]);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_TOKEN, DEMO_OTHER_TOKEN } from '../../fake-slack/index.js';
import { usersExamples } from '../../src/reads/search-users/examples.js';
import { authHeaders, buildHarness, get, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const as = (token: string) => authHeaders({ 'x-slack-token': token });

const launch = {
  channel_id: 'C07LAUNCHQ',
  name: 'launch-q2',
  topic: 'Q2 launch: pricing, messaging, dates',
  purpose: 'Launch planning for Q2 (confidential until announced)',
  is_private: true,
  is_archived: false,
  num_members: 4,
  permalink: 'https://acme-demo.slack.com/archives/C07LAUNCHQ',
};

describe('GET /search/channels (directory)', () => {
  it('never shows a private channel to a non-member; shows it to a member', async () => {
    const maya = await get(h.app, '/search/channels?query=launch');
    expect(maya.body).toEqual({
      ok: true,
      query: 'launch',
      backend: 'legacy',
      channels: [],
      searched: { entries: 6, complete: true },
      summary: 'Found 0 channels. Searched all 6 channels you can see. Try other words, or include_archived.',
    });
    const leo = await get(h.app, '/search/channels?query=launch', as(DEMO_OTHER_TOKEN));
    expect(leo.body.channels).toEqual([launch]);
  });

  it('ranks an exact name first, then names that start with the words, then topics and purposes', async () => {
    const res = await get(h.app, '/search/channels?query=engineering');
    expect((res.body.channels as Array<{ name: string }>).map((c) => c.name)).toEqual(['engineering']);
    const deploy = await get(h.app, '/search/channels?query=deploy&include_archived=true');
    expect(
      (deploy.body.channels as Array<{ name: string; is_archived: boolean }>).map((c) => [
        c.name,
        c.is_archived,
      ]),
    ).toEqual([
      ['deploys-2025', true],
      ['engineering', false],
    ]);
    const archivedHidden = await get(h.app, '/search/channels?query=deploy');
    expect((archivedHidden.body.channels as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'engineering',
    ]);
  });

  it('loads the public directory once per workspace and the private one per user, then serves from the cache', async () => {
    const fresh = await buildHarness();
    const lists = () =>
      fresh.slack.calls
        .filter((c) => c.method === 'conversations.list')
        .map((c) => [c.token, c.params.types])
        .sort();
    try {
      await get(fresh.app, '/search/channels?query=incident');
      expect(lists()).toEqual([
        ['xoxp-demo-user', 'private_channel'],
        ['xoxp-demo-user', 'public_channel'],
      ]);
      fresh.slack.reset();
      await get(fresh.app, '/search/channels?query=launch', as(DEMO_OTHER_TOKEN));
      expect(lists()).toEqual([['xoxp-demo-other', 'private_channel']]);
      fresh.slack.reset();
      const warm = await fresh.app.inject({
        url: '/search/channels?query=launch',
        headers: as(DEMO_OTHER_TOKEN),
      });
      expect(warm.headers['x-cache']).toBe('HIT');
      expect(lists()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /search/users (directory)', () => {
  it('finds people by title, ranked, without bots or the deactivated unless asked', async () => {
    const text = await h.app.inject({ url: '/search/users?query=reliability', headers: authHeaders() });
    // The documented answer (the OpenAPI example, itself replayed by test/openapi/examples.test.ts).
    expect(text.json()).toEqual(usersExamples.concise?.value);
    const names = async (q: string) =>
      ((await get(h.app, `/search/users?${q}`)).body.users as Array<{ name: string }>).map((u) => u.name);
    expect(await names('query=maya')).toEqual(['maya']);
    expect(await names('query=deploy')).toEqual([]);
    expect(await names('query=deploy&include_bots=true')).toEqual(['deploybot']);
    expect(await names('query=ruth')).toEqual([]);
    expect(await names('query=ruth&include_deleted=true')).toEqual(['ruth']);
  });

  it('a guest sees only the people Slack shows them, in a directory of their own', async () => {
    const guest = await get(h.app, '/search/users?query=engineer', as(DEMO_GUEST_TOKEN));
    expect(guest.body.users).toEqual([]);
    expect(guest.body.searched).toEqual({ entries: 3, complete: true });
    const leo = await get(h.app, '/search/users?query=leo', as(DEMO_GUEST_TOKEN));
    expect((leo.body.users as Array<{ name: string }>).map((u) => u.name)).toEqual(['leo']);
  });

  it('no email unless asked and the token may read emails', async () => {
    const res = await get(h.app, '/search/users?query=maya&include_email=true&response_format=detailed');
    expect(JSON.stringify(res.body)).not.toContain('@acme-demo');
  });

  it('a cursor it did not issue is a 400 naming the parameter', async () => {
    const res = await get(h.app, '/search/users?query=maya&cursor=bogus');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'querystring/cursor was not issued by a people search: pass next_cursor from the previous page as it is',
    );
  });
});

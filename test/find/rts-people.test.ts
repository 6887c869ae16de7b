import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTS_USERS_GUIDE, RTS_USERS_REFERENCE } from '../fixtures/rts-users.js';
import { buildHarness, get, type Harness } from '../helper.js';

// People from Real-time Search in both of Slack's published shapes (test/fixtures/rts-users.ts): whatever
// profile fields a result carries are read (title, time zone, bot), and email only when asked for.

let h: Harness;
beforeAll(async () => {
  h = await buildHarness({ config: { SLACK_SEARCH_BACKEND: 'rts' } });
});
afterAll(() => h.close());

describe('GET /search/users on Real-time Search', () => {
  it("reads the guide's shape: full_name, title and timezone; email only with include_email", async () => {
    h.slack.serveBody('assistant.search.context', RTS_USERS_GUIDE);
    const priya = {
      user_id: 'U07PRIYASH',
      name: '',
      real_name: 'Priya Shah',
      title: 'Site Reliability Engineer',
      is_bot: null,
      tz: 'Asia/Kolkata',
      permalink: 'https://acme-demo.slack.com/team/U07PRIYASH',
    };
    expect((await get(h.app, '/search/users?query=priya')).body.users).toEqual([priya]);
    expect((await get(h.app, '/search/users?query=priya&include_email=true')).body.users).toEqual([
      { ...priya, email: 'priya@acme-demo.example' },
    ]);
    const detailed = await get(h.app, '/search/users?query=priya&response_format=detailed');
    const { email: _email, ...withoutEmail } = RTS_USERS_GUIDE.results.users[0] as Record<string, unknown>;
    expect((detailed.body.results as { users: unknown[] }).users).toEqual([withoutEmail]);
  });

  it("reads the reference's shape: handle and real name, and is_bot when Slack says", async () => {
    h.slack.serveBody('assistant.search.context', RTS_USERS_REFERENCE);
    const res = await get(h.app, '/search/users?query=deploy&include_bots=true');
    expect(res.body.users).toEqual([
      {
        user_id: 'U07DEPLOYB',
        name: 'deploybot',
        real_name: 'Deploy Bot',
        title: null,
        is_bot: true,
        permalink: 'https://acme-demo.slack.com/team/U07DEPLOYB',
      },
    ]);
  });
});

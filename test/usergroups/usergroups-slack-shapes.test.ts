import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHarness, get, type Harness } from '../helper.js';

// usergroups.list and usergroups.users.list bodies in the shapes Slack publishes (fixtures/, each naming its
// source), served by the fake to the real @slack/web-api client: what our read makes of them.

type Fixture = { body: Record<string, unknown>; members: Record<string, string[]> };
const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

let h: Harness;
// A new app for each body: the workspace's list is cached once read.
beforeEach(async () => {
  h = await buildHarness();
});
afterEach(() => h.close());

/** Serves a fixture's groups, and each group's members from usergroups.users.list. */
function serve({ body, members }: Fixture) {
  h.slack.serveBody('usergroups.list', body as never);
  h.slack.serveBody('usergroups.users.list', (params) =>
    members[params.usergroup]
      ? { ok: true, users: members[params.usergroup] }
      : { ok: false, error: 'no_such_subteam' },
  );
}

describe("Slack's published usergroups.list shapes", () => {
  it("the spec's example (no users, user_count as a string): members from usergroups.users.list, the disabled group left out", async () => {
    serve(fixture('usergroups-list-spec-example'));
    const res = await get(h.app, '/search/usergroups?query=payments&include_disabled=false');
    expect(res.body.usergroups).toEqual([
      {
        usergroup_id: 'S0LUMENPAY',
        handle: 'payments-oncall',
        name: 'Payments on-call',
        description: 'Answers pages for the payments service, week by week.',
        member_count: 1,
        members: [{ user_id: 'U0LUMENBEN', user_name: null }],
      },
    ]);
    expect(res.body.summary).toMatch(
      /^Found 1 user group\. 1 disabled user group left out: include_disabled=true\. /,
    );
    expect(
      h.slack.calls.filter((c) => c.method === 'usergroups.users.list').map((c) => c.params.usergroup),
    ).toEqual(['S0LUMENPAY']);
    const admins = await get(h.app, '/search/usergroups?query=admins');
    expect(admins.body.usergroups).toEqual([
      {
        usergroup_id: 'S0LUMENADM',
        handle: 'admins',
        name: 'Workspace Admins',
        description: 'Everyone who administers this workspace.',
        member_count: 2,
        members: [
          { user_id: 'U0LUMENANA', user_name: null },
          { user_id: 'W0LUMENCAI', user_name: null },
        ],
      },
    ]);
  });

  it("the Java SDK's sample shape (users and user_count listed): no usergroups.users.list call, Slack's objects as sent", async () => {
    serve(fixture('usergroups-list-sdk-sample-shape'));
    const res = await get(h.app, '/search/usergroups?query=sre');
    expect(res.body.usergroups).toEqual([
      {
        usergroup_id: 'S0LUMENSRE',
        handle: 'sre',
        name: 'Site reliability',
        description: 'Keeps production up; ask in #reliability.',
        member_count: 3,
        members: [
          { user_id: 'U0LUMENANA', user_name: null },
          { user_id: 'U0LUMENBEN', user_name: null },
          { user_id: 'W0LUMENCAI', user_name: null },
        ],
      },
    ]);
    expect(h.slack.count('usergroups.users.list')).toBe(0);
    const detailed = await get(h.app, '/search/usergroups?query=sre&response_format=detailed');
    const { usergroups } = fixture('usergroups-list-sdk-sample-shape').body as { usergroups: unknown[] };
    expect(detailed.body.usergroups).toEqual(usergroups);
  });
});

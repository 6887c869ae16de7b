import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_TOKEN, DEMO_OTHER_TOKEN, DEMO_USER_TOKEN } from '../../fake-slack/index.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';

// GET /search/usergroups against the demo workspace: whole bodies, the Slack calls it makes, and its errors.

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

const NEXT =
  "A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.";

const ONCALL = {
  usergroup_id: 'S07ONCALLP',
  handle: 'oncall-platform',
  name: 'Platform on-call',
  description: 'Who carries the pager for the platform this week: page us for prod incidents',
  member_count: 3,
  members: [
    { user_id: 'U07PRIYASH', user_name: 'priya' },
    { user_id: 'U07TOMNOWK', user_name: 'tomasz' },
    { user_id: 'U07MAYACHN', user_name: 'maya' },
  ],
};
const BILLING = {
  usergroup_id: 'S07BILLING',
  handle: 'billing-team',
  name: 'Billing team',
  description: 'Payments, invoices and usage-based billing: ask us about pricing and charges',
  member_count: 4,
  members: [
    { user_id: 'U07LEOPARK', user_name: 'leo' },
    { user_id: 'U07JONASMU', user_name: 'jonas' },
    { user_id: 'U07SOFIAGA', user_name: 'sofia' },
    { user_id: 'U07AMARAOK', user_name: 'amara' },
  ],
};
const LEADS = {
  usergroup_id: 'S07ENGLEAD',
  handle: 'eng-leads',
  name: 'Engineering leads',
  description: 'Engineering managers and tech leads: architecture and hiring decisions',
  member_count: 3,
  members: [
    { user_id: 'U07AMARAOK', user_name: 'amara' },
    { user_id: 'U07MAYACHN', user_name: 'maya' },
    { user_id: 'U07PRIYASH', user_name: 'priya' },
  ],
};

describe('GET /search/usergroups', () => {
  it('finds a group by a word of its handle, with its members by name', async () => {
    const res = await get(h.app, '/search/usergroups?query=oncall');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      query: 'oncall',
      usergroups: [ONCALL],
      summary: `Found 1 user group. ${NEXT}`,
    });
    expect(h.slack.calls.map((c) => c.method).filter((m) => m.startsWith('usergroups.'))).toEqual([
      'usergroups.list',
    ]);
    expect(h.slack.calls.find((c) => c.method === 'usergroups.list')?.params).toMatchObject({
      include_users: 'true',
      include_count: 'true',
      include_disabled: 'true',
    });
  });

  it('finds by name and description too ("who is on the billing team?"), the best match first', async () => {
    const team = await get(h.app, '/search/usergroups?query=billing%20team');
    expect(team.body.usergroups).toEqual([BILLING]);
    const hiring = await get(h.app, '/search/usergroups?query=hiring');
    expect(hiring.body.usergroups).toEqual([LEADS]);
    const handle = await get(h.app, '/search/usergroups?query=@eng-leads');
    expect(handle.body.usergroups).toEqual([LEADS]);
  });

  it('lists every group by handle without a query, and says a disabled one was left out', async () => {
    const res = await get(h.app, '/search/usergroups');
    expect(res.body).toEqual({
      ok: true,
      usergroups: [BILLING, LEADS, ONCALL],
      summary: `Found 3 user groups. 1 disabled user group left out: include_disabled=true. ${NEXT}`,
    });
  });

  it('shows disabled groups on request, their members from usergroups.users.list', async () => {
    const res = await get(h.app, '/search/usergroups?query=design&include_disabled=true');
    expect(res.body).toEqual({
      ok: true,
      query: 'design',
      usergroups: [
        {
          usergroup_id: 'S07DESIGNG',
          handle: 'design-guild',
          name: 'Design guild',
          description: 'Designers and front-end engineers: design reviews on Thursdays',
          disabled: true,
          member_count: 3,
          members: [
            { user_id: 'U07SOFIAGA', user_name: 'sofia' },
            { user_id: 'U07JONASMU', user_name: 'jonas' },
            { user_id: 'U07KENJIWA', user_name: 'Kenji 渡辺' },
          ],
        },
      ],
      summary: `Found 1 user group. ${NEXT}`,
    });
    expect(h.slack.calls.filter((c) => c.method === 'usergroups.users.list').map((c) => c.params)).toEqual([
      { usergroup: 'S07DESIGNG', include_disabled: 'true' },
    ]);
    const without = await get(h.app, '/search/usergroups?query=design');
    expect(without.body).toEqual({
      ok: true,
      query: 'design',
      usergroups: [],
      summary:
        'Found 0 user groups. 1 disabled user group left out: include_disabled=true. Try other words, or include_disabled.',
    });
  });

  it('names up to max_members, and says how to name them all', async () => {
    const res = await get(h.app, '/search/usergroups?query=billing&max_members=2');
    expect(res.body).toEqual({
      ok: true,
      query: 'billing',
      usergroups: [{ ...BILLING, members: BILLING.members.slice(0, 2) }],
      summary: `Found 1 user group. 1 user group with more members than shown: max_members=0 names all. ${NEXT}`,
    });
  });

  it('pages with next_cursor, and refuses a cursor it did not issue', async () => {
    const first = await get(h.app, '/search/usergroups?count=2');
    expect(first.body.usergroups).toEqual([BILLING, LEADS]);
    const cursor = (first.body.response_metadata as { next_cursor: string }).next_cursor;
    expect(first.body.summary).toBe(
      `Found 3 user groups, showing 2. 1 disabled user group left out: include_disabled=true. Use next_cursor for more results. ${NEXT}`,
    );
    const second = await get(h.app, `/search/usergroups?count=2&cursor=${encodeURIComponent(cursor)}`);
    expect(second.body.usergroups).toEqual([ONCALL]);
    expect(second.body.response_metadata).toBeUndefined();
    const bad = await get(h.app, '/search/usergroups?cursor=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      errorBody(
        400,
        'AS_ERR_BAD_REQUEST',
        'querystring/cursor was not issued by a user group search: pass next_cursor from the previous page as it is',
      ),
    );
  });

  it("answers response_format=detailed with Slack's group objects, and compact with text", async () => {
    const detailed = await get(h.app, '/search/usergroups?query=oncall&response_format=detailed');
    expect(detailed.body).toEqual({
      ok: true,
      query: 'oncall',
      usergroups: [
        {
          id: 'S07ONCALLP',
          team_id: 'T07ACMEDMO',
          is_usergroup: true,
          is_subteam: true,
          name: 'Platform on-call',
          description: ONCALL.description,
          handle: 'oncall-platform',
          is_external: false,
          date_create: 1770019200,
          date_update: 1770019200,
          date_delete: 0,
          auto_type: null,
          auto_provision: false,
          enterprise_subteam_id: '',
          created_by: 'U07AMARAOK',
          updated_by: 'U07AMARAOK',
          deleted_by: null,
          prefs: { channels: ['C07INCIDNT'], groups: [] },
          users: ['U07PRIYASH', 'U07TOMNOWK', 'U07MAYACHN'],
          user_count: 3,
        },
      ],
      summary: `Found 1 user group. ${NEXT}`,
    });
    const compact = await h.app.inject({
      url: '/search/usergroups?query=oncall&response_format=compact',
      headers: authHeaders(),
    });
    expect(compact.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(compact.body).toBe(
      `Found 1 user group. ${NEXT}\nquery: oncall\n\n@oncall-platform=S07ONCALLP Platform on-call (3 members)\n${ONCALL.description}\nmembers: @priya=U07PRIYASH, @tomasz=U07TOMNOWK, @maya=U07MAYACHN\n`,
    );
  });

  it('names what is wrong with a parameter', async () => {
    const res = await get(h.app, '/search/usergroups?count=0');
    expect(res.body).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'querystring/count must be an integer from 1 to 100'),
    );
  });

  it("needs usergroups:read, even with the workspace's list cached by others, and says so", async () => {
    h.slack.workspace.tokens.push({
      token: 'xoxp-no-groups',
      type: 'user',
      userId: 'U07MAYACHN',
      scopes: ['users:read'],
    });
    const res = await get(
      h.app,
      '/search/usergroups?query=oncall',
      authHeaders({ 'x-slack-token': 'xoxp-no-groups' }),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(
      errorBody(403, 'AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope usergroups:read'),
    );
  });
});

describe('one list of groups per workspace, on either search backend', () => {
  let fresh: Harness;
  beforeAll(async () => {
    fresh = await buildHarness({ slack: h.slack, config: { SLACK_SEARCH_BACKEND: 'rts' } });
  });
  afterAll(() => fresh.close());

  it('is read once for every member of the workspace; a guest gets a view of their own', async () => {
    h.slack.reset();
    const asUser = await get(
      fresh.app,
      '/search/usergroups?query=oncall',
      authHeaders({ 'x-slack-token': DEMO_USER_TOKEN }),
    );
    const asOther = await get(
      fresh.app,
      '/search/usergroups?query=oncall',
      authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }),
    );
    expect(asOther.body).toEqual(asUser.body);
    expect(h.slack.count('usergroups.list')).toBe(1);
    expect(h.slack.count('assistant.search.context')).toBe(0);
    await get(
      fresh.app,
      '/search/usergroups?query=oncall',
      authHeaders({ 'x-slack-token': DEMO_GUEST_TOKEN }),
    );
    expect(h.slack.count('usergroups.list')).toBe(2);
  });
});

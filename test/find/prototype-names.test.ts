import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorkspace } from '../../fake-slack/index.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { startTestRedis, type TestRedis } from '../support/test-redis.js';

// Names that are keys of Object.prototype are names like any other, in every directory and index: a map
// keyed by a plain object would find `__proto__` or `constructor` on the prototype instead (or nothing).

const CHANNEL_NEXT =
  'Its messages: GET /channels/{channel_id}/history. Search in one: GET /search/messages?channel_ids={channel_id}&query=….';
const PEOPLE_NEXT = 'Their messages: GET /search/messages?from_users={user_id}&query=….';
const GROUP_NEXT =
  "A member's messages: GET /search/messages?from_users={user_id}&query=…. Who they are: GET /search/users?query={user_name}.";

function workspace() {
  const w = createDemoWorkspace();
  w.channels.push(
    { id: 'C0PROTO001', kind: 'public', name: '__proto__', members: [], created: 1, topic: 'odd names' },
    { id: 'C0PROTO002', kind: 'public', name: 'tostring', members: [], created: 2 },
  );
  w.messages.push({ channel: 'C0PROTO001', ts: '1772445600.000100', user: 'U07MAYACHN', text: 'still here' });
  w.users.push(
    { id: 'U0PROTO001', name: 'constructor', realName: 'Connie Struct', title: 'Builder' },
    { id: 'U0PROTO002', name: 'hasownproperty', realName: 'Hasso Owen' },
  );
  w.usergroups = [
    ...(w.usergroups ?? []),
    {
      id: 'S0PROTO001',
      handle: 'constructor',
      name: 'Prototype keys',
      description: 'A group whose handle is a key of every object',
      users: ['U0PROTO001'],
      createdBy: 'U07MAYACHN',
      created: 1,
    },
  ];
  return w;
}

describe.each(['memory', 'standalone'] as const)('names of Object.prototype (%s cache)', (kind) => {
  let h: Harness;
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = kind === 'memory' ? undefined : await startTestRedis(kind);
    h = await buildHarness({ fake: { workspace: workspace() }, ...(redis?.harness ?? {}) });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await redis?.stop();
  });

  it('reads #__proto__ and #toString by name, and answers 404 naming #hasOwnProperty (no such channel)', async () => {
    const proto = await get(h.app, '/channels/%23__proto__/history?limit=1');
    expect(proto.body).toEqual({
      ok: true,
      channel_id: 'C0PROTO001',
      channel_name: '__proto__',
      messages: [
        {
          user_id: 'U07MAYACHN',
          user_name: 'maya',
          ts: '1772445600.000100',
          text: 'still here',
          permalink: 'https://acme-demo.slack.com/archives/C0PROTO001/p1772445600000100',
        },
      ],
      has_more: false,
      summary: '1 message from #__proto__ at 2026-03-02 10:00 UTC.',
    });
    const lower = await get(h.app, '/channels/%23toString/history?limit=1');
    expect(lower.body).toEqual({
      ok: true,
      channel_id: 'C0PROTO002',
      channel_name: 'tostring',
      messages: [],
      has_more: false,
      summary: 'No messages from #tostring in this window.',
    });
    const missing = await get(h.app, '/channels/%23hasOwnProperty/history?limit=1');
    expect(missing.body).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        'Slack: no channel named #hasOwnProperty that this Slack token can see',
      ),
    );
  });

  it('finds the channel __proto__ by its name in channel search', async () => {
    const res = await get(h.app, '/search/channels?query=__proto__');
    expect(res.body).toEqual({
      ok: true,
      query: '__proto__',
      backend: 'legacy',
      channels: [
        {
          channel_id: 'C0PROTO001',
          name: '__proto__',
          topic: 'odd names',
          purpose: '',
          is_private: false,
          is_archived: false,
          num_members: 0,
          permalink: 'https://acme-demo.slack.com/archives/C0PROTO001',
        },
      ],
      searched: { entries: 8, complete: true },
      summary: `Found 1 channel. Searched all 8 channels you can see. ${CHANNEL_NEXT}`,
    });
  });

  it.each(['constructor', 'hasOwnProperty'])('finds the person whose handle is %s', async (query) => {
    const res = await get(h.app, `/search/users?query=${query}`);
    const person =
      query === 'constructor'
        ? { user_id: 'U0PROTO001', name: 'constructor', real_name: 'Connie Struct', title: 'Builder' }
        : { user_id: 'U0PROTO002', name: 'hasownproperty', real_name: 'Hasso Owen', title: null };
    expect(res.body).toEqual({
      ok: true,
      query,
      backend: 'legacy',
      users: [
        {
          ...person,
          display_name: person.name,
          is_bot: false,
          tz: 'Europe/London',
          permalink: `https://acme-demo.slack.com/team/${person.user_id}`,
        },
      ],
      searched: { entries: 11, complete: true },
      summary: `Found 1 person. Searched all 11 people you can see. ${PEOPLE_NEXT}`,
    });
  });

  it('finds the user group whose handle is constructor, with @ or without', async () => {
    for (const query of ['constructor', '@constructor']) {
      const res = await get(h.app, `/search/usergroups?query=${encodeURIComponent(query)}`);
      expect(res.body).toEqual({
        ok: true,
        query,
        usergroups: [
          {
            usergroup_id: 'S0PROTO001',
            handle: 'constructor',
            name: 'Prototype keys',
            description: 'A group whose handle is a key of every object',
            member_count: 1,
            members: [{ user_id: 'U0PROTO001', user_name: 'constructor' }],
          },
        ],
        summary: `Found 1 user group. ${GROUP_NEXT}`,
      });
    }
  });
});

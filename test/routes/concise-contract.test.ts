import { describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD, DEMO_OTHER_TOKEN } from '../../fake-slack/index.js';
import { authHeaders, get } from '../helper.js';
import { structured } from '../mcp/mcp-client.js';
import {
  conciseSearchViolations,
  conciseThreadViolations,
  SEARCH_FIELDS,
  searchMeaningViolations,
  THREAD_FIELDS,
  threadMeaningViolations,
} from '../support/concise-contract.js';
import { conciseChecked } from '../support/concise-hook.js';
import { useMcpHarness } from '../support/mcp-harness.js';

// The concise formats against docs/concise-format.md, across the demo workspace: every concise body the
// suite produces is checked for the fields it lists by the harness (support/concise-hook.ts); here many
// searches and threads, DMs and group DMs included, are also compared with Slack's own body for the same
// request, so each listed field keeps the meaning the document gives it.

type Body = Record<string, unknown>;
type Match = Body & { channel_id: string; thread_ts?: string; ts: string };

const SEARCHES = [
  'query=deploy&count=30',
  'query=search&count=30',
  'query=review&count=30',
  'query=escalation',
  'query=redis&count=30',
  'query=rollback&count=30',
  'query=INC-2041&count=30',
  'query=thanks&count=30&sort=timestamp',
  'query=launch&count=30',
  'to_me=true&count=30',
  'to_me=dm&count=30',
  'to_me=mention&count=30',
  'query=on-call&channel_ids=D07MAYAPRI',
  'query=deploy&count=5&dedupe_threads=true&min_score=0.5',
];
const AS_LEO = { 'x-slack-token': DEMO_OTHER_TOKEN };

const ctx = useMcpHarness();

const both = async (path: string, headers: Record<string, string> = {}) => {
  const concise = await get(ctx.h.app, path, authHeaders(headers));
  const detailed = await get(ctx.h.app, `${path}&response_format=detailed`, authHeaders(headers));
  expect(concise.status, path).toBe(200);
  expect(detailed.status, path).toBe(200);
  return { concise: concise.body, detailed: detailed.body };
};

describe('the harness reads docs/concise-format.md and holds bodies to it', () => {
  it('takes each field table from the document', () => {
    expect(SEARCH_FIELDS).toEqual({
      relied: ['channel_id', 'channel_name', 'user_id', 'username', 'ts', 'text', 'permalink', 'thread_ts'],
      added: ['user_name', 'conversation_label', 'context'],
    });
    expect(THREAD_FIELDS).toEqual({
      relied: ['user_id', 'ts', 'text', 'thread_ts', 'reply_count', 'parent_user_id', 'is_parent'],
      added: ['user_name', 'permalink'],
    });
  });

  it('names the field a body gets wrong', () => {
    const match = {
      channel_id: 'D07MAYAPRI',
      channel_name: 'maya',
      user_id: 'U07MAYA',
      ts: '1767225660.000200',
      text: 'hi',
      permalink: 'https://tiny.slack.com/archives/D07MAYAPRI/p1767225660000200',
      user_name: 'maya',
    };
    const search = {
      ok: true,
      query: 'hi',
      messages: { total: 1, matches: [match] },
      summary: 'Found 1 message. Full Slack objects: response_format=detailed.',
    };
    expect(conciseSearchViolations(search)).toEqual([
      `messages/matches/0/channel_name breaks docs/concise-format.md: ${JSON.stringify(match)}`,
      `messages/matches/0/username breaks docs/concise-format.md: ${JSON.stringify(match)}`,
    ]);
    const reply = {
      user_id: 'U07MAYA',
      ts: '1767225660.000300',
      text: 'ok',
      is_parent: false,
      user_name: null,
    };
    const thread = { ok: true, messages: [reply], has_more: false, summary: 'Found 1 message in thread.' };
    expect(conciseThreadViolations(thread)).toEqual([
      `messages/0/thread_ts breaks docs/concise-format.md: ${JSON.stringify(reply)}`,
      `messages/0/permalink breaks docs/concise-format.md: ${JSON.stringify(reply)}`,
    ]);
  });
});

describe('concise bodies keep the contract readers rely on, across the demo workspace', () => {
  const seen: Match[] = [];
  const threads = new Map<string, Record<string, string>>();

  it.each([
    ...SEARCHES.map((q) => [q, {}] as const),
    ...['query=launch&count=30', 'to_me=true&count=30'].map((q) => [`${q} (as Leo)`, AS_LEO] as const),
  ])('search %s: each match says what Slack said, through REST and MCP', async (label, headers) => {
    const query = label.replace(' (as Leo)', '');
    const { concise, detailed } = await both(`/search/messages?${query}`, headers);
    expect(searchMeaningViolations(concise, detailed)).toEqual([]);
    const matches = (concise.messages as { matches: Match[] }).matches;
    seen.push(...matches);
    for (const m of matches) threads.set(`${m.channel_id}/${m.thread_ts ?? m.ts}`, headers);
    if (Object.keys(headers).length > 0) return;
    const args: Body = Object.fromEntries(new URLSearchParams(query));
    if (args.count) args.count = Number(args.count);
    if (args.min_score) args.min_score = Number(args.min_score);
    if (args.dedupe_threads) args.dedupe_threads = args.dedupe_threads === 'true';
    const mcp = structured(await ctx.client.callTool({ name: 'slack_search_messages', arguments: args }));
    expect((mcp.messages as Body).matches).toEqual(matches);
  });

  it('read every thread those matches are in, through REST and MCP, as Slack sent them', async () => {
    expect(threads.size).toBeGreaterThan(10);
    threads.set(`${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`, {});
    for (const [thread, headers] of threads) {
      const { concise, detailed } = await both(`/threads/${thread}?limit=100`, headers);
      expect(threadMeaningViolations(concise, detailed), thread).toEqual([]);
    }
    for (const thread of [...threads.keys()].filter((t) => !threads.get(t)?.['x-slack-token']).slice(0, 8)) {
      const [channel_id, thread_ts] = thread.split('/');
      const mcp = structured(
        await ctx.client.callTool({
          name: 'slack_get_thread_replies',
          arguments: { channel_id, thread_ts, limit: 3 },
        }),
      );
      const rest = await get(ctx.h.app, `/threads/${thread}?limit=3`);
      expect(mcp.messages).toEqual(rest.body.messages);
    }
  });

  it('covered channels, DMs and group DMs, and the harness checked REST and MCP bodies alike', () => {
    const dms = seen.filter((m) => m.channel_id.startsWith('D'));
    const groupDms = seen.filter((m) => String(m.conversation_label).startsWith('group DM with @'));
    expect(dms.length).toBeGreaterThan(0);
    expect(groupDms.length).toBeGreaterThan(0);
    for (const m of [...dms, ...groupDms]) expect(m.channel_name).toBeNull();
    expect(dms.every((m) => /^DM with @/.test(String(m.conversation_label)))).toBe(true);
    const channels = seen.filter((m) => typeof m.channel_name === 'string');
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.every((m) => !('conversation_label' in m))).toBe(true);
    expect(seen.every((m) => 'username' in m)).toBe(true);
    expect(conciseChecked.search.rest).toBeGreaterThan(SEARCHES.length);
    expect(conciseChecked.search.mcp).toBeGreaterThanOrEqual(SEARCHES.length);
    expect(conciseChecked.thread.rest).toBeGreaterThan(10);
    expect(conciseChecked.thread.mcp).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { READS } from '../../src/reads/reads.js';
import { searchMessagesRead } from '../../src/reads/search-messages/definition.js';
import { searchWays } from '../../src/reads/search-messages/wording.js';
import { wordingFor } from '../../src/reads/wording.js';
import { buildSearchQuery, toMeModifier } from '../../src/slack/build-search-query.js';
import { applyMinScore, dedupeThreads, toConciseMatch } from '../../src/slack/format-search.js';
import { dedupeByTs, toConciseThreadMessage } from '../../src/slack/format-thread.js';
import { renderHighlights } from '../../src/slack/highlight.js';
import { buildPermalink, threadTsFromPermalink } from '../../src/slack/permalink.js';
import { conciseSearchHint, searchSummary, threadSummary } from '../../src/slack/summary.js';
import { TRUNCATION_NOTE, truncateText } from '../../src/slack/truncate-text.js';

const REST = searchWays(wordingFor(searchMessagesRead, 'rest', READS));
const MCP = searchWays(wordingFor(searchMessagesRead, 'mcp', READS));

describe('buildSearchQuery', () => {
  it('appends modifiers in a fixed order', () => {
    expect(
      buildSearchQuery(
        {
          query: ' deploy failed ',
          channelIds: ['C1', 'C2'],
          fromUsers: ['U9'],
          after: '2026-01-01',
          before: '2026-02-01',
          on: '2026-01-15',
        },
        [toMeModifier('dm', 'U5')],
      ),
    ).toBe(
      'deploy failed to:<@U5> in:<#C1> in:<#C2> from:<@U9> after:2026-01-01 before:2026-02-01 on:2026-01-15',
    );
  });
  it('lets a to_me modifier stand alone', () => {
    expect(buildSearchQuery({}, [toMeModifier('mention', 'U5')])).toBe('<@U5>');
  });
});

describe('truncateText', () => {
  it('leaves short text alone and counts code points, not UTF-16 units', () => {
    expect(truncateText('😀😀', 2)).toBe('😀😀');
    expect(truncateText('😀😀😀', 2)).toBe(`😀😀${TRUNCATION_NOTE}`);
  });
  it('never splits a surrogate pair or a multi-byte character', () => {
    expect(truncateText('a😀b', 2)).toBe(`a😀${TRUNCATION_NOTE}`);
    expect(truncateText('héllo', 2)).toBe(`hé${TRUNCATION_NOTE}`);
  });
  it('is a no-op without a limit', () => {
    expect(truncateText('abc')).toBe('abc');
  });
});

describe('highlights and permalinks', () => {
  it('turns Slack markers into readable marks', () => {
    expect(renderHighlights('the \uE000deploy\uE001 is \uE000done\uE001')).toBe('the *deploy* is *done*');
  });
  it('builds permalinks for top-level messages and replies', () => {
    expect(buildPermalink('https://acme.slack.com/', 'C1', '1700000000.000100')).toBe(
      'https://acme.slack.com/archives/C1/p1700000000000100',
    );
    expect(buildPermalink('https://acme.slack.com', 'C1', '1700000000.000200', '1700000000.000100')).toBe(
      'https://acme.slack.com/archives/C1/p1700000000000200?thread_ts=1700000000.000100&cid=C1',
    );
    expect(threadTsFromPermalink('https://x/archives/C1/p1?thread_ts=1700000000.000100&cid=C1')).toBe(
      '1700000000.000100',
    );
    expect(threadTsFromPermalink(undefined)).toBeUndefined();
  });
});

describe('concise matches', () => {
  const match = {
    iid: 'x',
    channel: { id: 'D1', name: 'U02LEOPARK', is_im: true },
    user: 'U02LEOPARK',
    username: 'leo',
    ts: '1700000000.000200',
    text: 'ping \uE000you\uE001',
    score: 3,
  };
  it('keeps only what an agent needs and builds a missing permalink', () => {
    expect(toConciseMatch(match, { workspaceUrl: 'https://acme.slack.com/' })).toEqual({
      channel_id: 'D1',
      channel_name: null,
      user_id: 'U02LEOPARK',
      username: 'leo',
      ts: '1700000000.000200',
      text: 'ping *you*',
      permalink: 'https://acme.slack.com/archives/D1/p1700000000000200',
      user_name: 'leo',
      conversation_label: 'DM with @U02LEOPARK',
    });
  });
  it("keeps Slack's username as sent: null when it sent none, even when it equals user_name", () => {
    const { username: _, ...noHandle } = match;
    const names = { users: new Map([['U02LEOPARK', 'Leo Park']]) };
    expect(toConciseMatch(noHandle, { workspaceUrl: 'https://a/', names })).toMatchObject({
      username: null,
      user_name: 'Leo Park',
    });
    expect(
      toConciseMatch({ ...match, username: 'Leo Park' }, { workspaceUrl: 'https://a/', names }),
    ).toMatchObject({
      username: 'Leo Park',
      user_name: 'Leo Park',
    });
  });
  it('reads thread_ts from the permalink of a reply', () => {
    const reply = {
      ...match,
      channel: { id: 'C1', name: 'general' },
      permalink: 'https://a/archives/C1/p1?thread_ts=1.000001&cid=C1',
    };
    expect(toConciseMatch(reply, { workspaceUrl: 'https://a/' })).toMatchObject({
      channel_name: 'general',
      thread_ts: '1.000001',
    });
  });
  it('filters by relative score and keeps the best match per thread', () => {
    const a = { ...match, ts: '1.1', score: 10 };
    const b = { ...match, ts: '1.2', score: 4 };
    const c = { ...match, ts: '1.3', score: 6, thread_ts: '1.9' };
    const d = { ...match, ts: '1.4', score: 9, thread_ts: '1.9' };
    const e = { ...match, ts: '1.5', score: 1, thread_ts: '1.1' };
    expect(applyMinScore([a, b, c], 0.5)).toEqual([a, c]);
    expect(applyMinScore([a, b], undefined)).toEqual([a, b]);
    expect(dedupeThreads([a, c, d, b, e])).toEqual([a, d, b]);
  });
});

describe('threads', () => {
  const parent = { user: 'U1', ts: '1.000001', thread_ts: '1.000001', reply_count: 2, text: 'root' };
  const reply = { user: 'U2', ts: '1.000002', thread_ts: '1.000001', parent_user_id: 'U1', text: 'r' };
  it('drops a repeated parent on continuation pages and repeated ts anywhere', () => {
    expect(dedupeByTs([parent, reply, reply], false)).toEqual([parent, reply]);
    expect(dedupeByTs([parent, reply], true)).toEqual([reply]);
  });
  it('formats parents and replies', () => {
    const ctx = { workspaceUrl: 'https://a/', channel: 'C1' };
    expect(toConciseThreadMessage(parent, ctx)).toEqual({
      user_id: 'U1',
      user_name: null,
      ts: '1.000001',
      text: 'root',
      thread_ts: '1.000001',
      reply_count: 2,
      is_parent: true,
      permalink: 'https://a/archives/C1/p1000001',
    });
    expect(toConciseThreadMessage(reply, ctx)).toEqual({
      user_id: 'U2',
      user_name: null,
      ts: '1.000002',
      text: 'r',
      thread_ts: '1.000001',
      parent_user_id: 'U1',
      is_parent: false,
      permalink: 'https://a/archives/C1/p1000002?thread_ts=1.000001&cid=C1',
    });
    expect(toConciseThreadMessage({ user: 'U3', ts: '2.000001', text: 'solo' }, ctx).is_parent).toBe(true);
  });
});

describe('summaries and cursors', () => {
  it('says what was found, shown and how to go on', () => {
    expect(searchSummary({ total: 123, returned: 20, hasMore: true, hint: 'H.' })).toBe(
      'Found 123 messages, showing 20. Use next_cursor for more results. H.',
    );
    expect(searchSummary({ total: 2, returned: 2, hasMore: false })).toBe('Found 2 messages.');
    expect(searchSummary({ total: 1, returned: 1, hasMore: false })).toBe('Found 1 message.');
    expect(searchSummary({ total: 0, returned: 0, hasMore: false, notes: ['N.'] })).toBe(
      'Found 0 messages. N.',
    );
    expect(threadSummary({ returned: 3, hasMore: true })).toBe(
      'Found 3 messages in thread. Use next_cursor for more results.',
    );
    expect(threadSummary({ total: 42, from: 1, returned: 15, hasMore: true })).toBe(
      'Found 42 messages in thread (showing 1–15). Use next_cursor for more results.',
    );
    expect(threadSummary({ total: 42, from: 31, returned: 12, hasMore: false, notes: ['N.'] })).toBe(
      'Found 42 messages in thread (showing 31–42). N.',
    );
    expect(threadSummary({ total: 3, from: 1, returned: 3, hasMore: false })).toBe(
      'Found 3 messages in thread.',
    );
    expect(threadSummary({ from: 1, returned: 1, hasMore: false })).toBe('Found 1 message in thread.');
    expect(conciseSearchHint(false, REST, false)).toBe('Full Slack objects: response_format=detailed.');
    expect(conciseSearchHint(false, REST)).toBe(
      'Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    );
    expect(conciseSearchHint(true, REST)).toBe(
      'Whole thread: GET /threads/{channel_id}/{thread_ts}. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.',
    );
    expect(conciseSearchHint(true, MCP)).toBe(
      'Whole thread: use slack_get_thread_replies with channel_id and thread_ts. Around a match: slack_get_message_context with url=<permalink>. Full Slack objects: response_format=detailed.',
    );
  });
});

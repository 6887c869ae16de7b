import { describe, expect, it } from 'vitest';
import { compactHistory } from '../../src/reads/channel-history/compact.js';
import { compactContext } from '../../src/reads/message-context/compact.js';
import { compactSearch } from '../../src/reads/search-messages/compact.js';
import type { ConciseSearch } from '../../src/reads/search-messages/schemas.js';
import { messageBlocks, readableTime, userLegend } from '../../src/slack/compact-text.js';

const match = (over: Partial<ConciseSearch['messages']['matches'][number]>) => ({
  channel_id: 'C1',
  channel_name: 'deploys',
  user_id: 'U1',
  username: 'bob',
  user_name: 'bob',
  ts: '1767225600.000100',
  text: 'deploy done',
  permalink: 'https://t.slack.com/archives/C1/p1767225600000100',
  ...over,
});

describe('compact text', () => {
  it('writes a UTC time, with its day only when the day changes', () => {
    expect(readableTime('1767225600.000100')).toBe('2026-01-01 00:00Z');
    expect(readableTime('1767311999.000100', '1767225600.000100')).toBe('23:59Z');
    expect(readableTime('1767312060.000100', '1767225600.000100')).toBe('2026-01-02 00:01Z');
  });

  it('gives each name its id once, keeps the id beside a name two users share, and says who is unknown', () => {
    const messages = [
      { userId: 'U1', userName: 'bob', ts: '1767225600.000100', text: 'a' },
      { userId: 'U2', userName: 'bob', ts: '1767225660.000100', text: 'b' },
      { userId: 'U3', userName: 'carol', ts: '1767225720.000100', text: 'c' },
      { userId: null, userName: null, ts: '1767225780.000100', text: 'd' },
      { userId: 'U3', userName: 'carol', ts: '1767225840.000100', text: 'e', reply: true },
    ];
    const users = userLegend(messages, new Map([['U3', 'carol.c']]), true);
    expect(users.line).toBe('users: @carol=U3 (handle carol.c)');
    expect(messageBlocks(messages, users.label)).toEqual([
      '@bob=U1 2026-01-01 00:00Z ts=1767225600.000100\na',
      '@bob=U2 00:01Z ts=1767225660.000100\nb',
      '@carol 00:02Z ts=1767225720.000100\nc',
      '@unknown 00:03Z ts=1767225780.000100\nd',
      '  @carol 00:04Z ts=1767225840.000100\n  e',
    ]);
  });

  it('renders a search across conversations: each block says where, names met once with their ids, one link form', () => {
    const body: ConciseSearch = {
      ok: true,
      query: '<@U9>',
      queries: ['<@U9>', 'to:<@U9>'],
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 2,
        matches: [
          match({
            thread_ts: '1767225500.000100',
            context: {
              before: [{ user_id: 'U3', user_name: 'carol', ts: '1767225500.000100', text: 'is it done?' }],
              after: [],
            },
          }),
          match({
            channel_id: 'D1',
            channel_name: null,
            conversation_label: 'DM with @carol',
            user_id: 'U3',
            user_name: 'carol',
            username: 'carol.c',
            ts: '1767312060.000200',
            text: 'hi\n\nthere',
            permalink: 'https://t.slack.com/archives/D1/p1767312060000200',
          }),
        ],
      },
      summary: 'Found 2 messages.',
    };
    expect(compactSearch(body)).toBe(
      [
        'Found 2 messages.',
        'queries: <@U9> | to:<@U9>',
        'users: @carol=U3 (handle carol.c)',
        'links: https://t.slack.com/archives/<channel_id>/p<ts without the dot>',
        '',
        '  @carol 2025-12-31 23:58Z ts=1767225500.000100 (before)',
        '  is it done?',
        '',
        '#deploys=C1 @bob=U1 2026-01-01 00:00Z ts=1767225600.000100 thread_ts=1767225500.000100',
        'deploy done',
        '',
        'DM=D1 @carol 2026-01-02 00:01Z ts=1767312060.000200',
        'hi\n\nthere',
        '',
      ].join('\n'),
    );
  });

  it('an empty search is its summary (the caller knows its query; the summary names the backend)', () => {
    const body: ConciseSearch = {
      ok: true,
      query: 'nothing',
      backend: 'rts',
      semantic: true,
      messages: { total: 0, matches: [] },
      summary: 'Found 0 messages.',
    };
    expect(compactSearch(body)).toBe('Found 0 messages.\n');
  });

  const msg = (user: string, ts: string, text: string, over = {}) => ({
    user_id: `U${user}`,
    user_name: user,
    ts,
    text,
    permalink: `https://t.slack.com/archives/C1/p${ts.replace('.', '')}`,
    ...over,
  });

  it('renders a history page newest first, the channel once, a root with its reply count', () => {
    const text = compactHistory({
      ok: true,
      channel_id: 'C1',
      channel_name: 'deploys',
      messages: [
        msg('bob', '1767225720.000300', 'later'),
        msg('amy', '1767225600.000100', 'root', { thread_ts: '1767225600.000100', reply_count: 3 }),
      ],
      has_more: true,
      summary: 'Read 2 messages.',
      response_metadata: { next_cursor: 'c2' },
    } as never);
    expect(text).toBe(
      [
        'Read 2 messages.',
        'next_cursor: c2',
        'in: #deploys=C1',
        'links: https://t.slack.com/archives/C1/p<ts without the dot>',
        '',
        '@bob=Ubob 2026-01-01 00:02Z ts=1767225720.000300',
        'later',
        '',
        '@amy=Uamy 00:00Z ts=1767225600.000100 replies=3',
        'root',
        '',
      ].join('\n'),
    );
  });

  it('renders a message in context: before, the root with its replies under it, after; the linked one named', () => {
    const root = msg('amy', '1767225600.000100', 'root', { thread_ts: '1767225600.000100', reply_count: 1 });
    const reply = msg('bob', '1767225660.000200', 'reply', {
      thread_ts: '1767225600.000100',
      permalink: 'https://t.slack.com/archives/C1/p1767225660000200?thread_ts=1767225600.000100&cid=C1',
    });
    const text = compactContext({
      ok: true,
      channel_id: 'D1',
      channel_name: null,
      before: [msg('cy', '1767225500.000100', 'before')],
      message: reply,
      after: [msg('cy', '1767229000.000100', 'after')],
      thread: {
        ok: true,
        messages: [
          { ...root, is_parent: true },
          { ...reply, is_parent: false, parent_user_id: 'Uamy' },
        ],
        has_more: false,
        summary: 'Found 2 messages in thread.',
      },
      summary: 'The message, 1 before and 1 after.',
    } as never);
    expect(text).toBe(
      [
        'The message, 1 before and 1 after.',
        'in: D1',
        'message: ts=1767225660.000200',
        'users: @cy=Ucy',
        'links: https://t.slack.com/archives/<channel_id>/p<ts without the dot>, a reply +?thread_ts=<thread_ts>&cid=<channel_id>',
        'thread: Found 2 messages in thread.',
        '',
        '@cy 2025-12-31 23:58Z ts=1767225500.000100',
        'before',
        '',
        '@amy=Uamy 2026-01-01 00:00Z ts=1767225600.000100 replies=1',
        'root',
        '',
        '  @bob=Ubob 00:01Z ts=1767225660.000200',
        '  reply',
        '',
        '@cy 00:56Z ts=1767229000.000100',
        'after',
        '',
      ].join('\n'),
    );
  });
});

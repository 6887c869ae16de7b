import { describe, expect, it } from 'vitest';
import type { ConciseSearch } from '../../src/schemas/search-messages.js';
import { compactSearch } from '../../src/slack/compact-bodies.js';
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

  it('renders a search across conversations: each block says where, thread_ts when the link does not', () => {
    const body: ConciseSearch = {
      ok: true,
      query: '<@U9>',
      queries: ['<@U9>', 'to:<@U9>'],
      messages: {
        total: 2,
        matches: [
          match({ thread_ts: '1767225500.000100' }),
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
        'users: @bob=U1, @carol=U3 (handle carol.c)',
        'channels: #deploys=C1, DM with @carol=D1',
        '',
        '#deploys @bob 2026-01-01 00:00Z ts=1767225600.000100 thread_ts=1767225500.000100 https://t.slack.com/archives/C1/p1767225600000100',
        'deploy done',
        '',
        'DM with @carol @carol 2026-01-02 00:01Z ts=1767312060.000200 https://t.slack.com/archives/D1/p1767312060000200',
        'hi\n\nthere',
        '',
      ].join('\n'),
    );
  });

  it('an empty search is its summary and query', () => {
    const body: ConciseSearch = {
      ok: true,
      query: 'nothing',
      messages: { total: 0, matches: [] },
      summary: 'Found 0 messages.',
    };
    expect(compactSearch(body)).toBe('Found 0 messages.\nquery: nothing\n');
  });
});

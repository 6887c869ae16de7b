import { describe, expect, it } from 'vitest';
import { mergeStreams } from '../../src/slack/merge-streams.js';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  pagesCovering,
  type SearchCursor,
} from '../../src/slack/search-cursor.js';

describe('search cursors', () => {
  it('round-trips every kind and refuses what we did not write', () => {
    for (const c of [
      { kind: 'slack', cursor: 'dXNlcjpVMDYx' },
      { kind: 'page', page: 2 },
      { kind: 'page', page: 100 },
      { kind: 'toMe', offsets: [3, 0], totals: [25, 14] },
    ] satisfies SearchCursor[]) {
      expect(decodeSearchCursor(encodeSearchCursor(c))).toEqual(c);
    }
    expect(decodeSearchCursor('bm90LW91cnM=')).toBeUndefined();
    expect(decodeSearchCursor('as1.!!!')).toBeUndefined();
    expect(decodeSearchCursor(encodeSearchCursor({ kind: 'page', page: 101 }))).toBeUndefined();
    expect(decodeSearchCursor(`as1.${Buffer.from('["m",1,2,3]').toString('base64url')}`)).toBeUndefined();
    expect(decodeSearchCursor(`as1.${Buffer.from('["m",-1,2,3,4]').toString('base64url')}`)).toBeUndefined();
  });

  it('names the one or two Slack pages that hold a window, never past page 100', () => {
    expect(pagesCovering(0, 20)).toEqual([1]);
    expect(pagesCovering(19, 20)).toEqual([1, 2]);
    expect(pagesCovering(40, 20)).toEqual([3]);
    expect(pagesCovering(1999, 20)).toEqual([100]);
    expect(pagesCovering(2000, 20)).toEqual([]);
  });
});

describe('mergeStreams', () => {
  const m = (ts: string, channel = 'C1', score = 0) => ({ ts, channel: { id: channel }, score });

  it('takes exactly count in order, counting what each side consumed, a duplicate once', () => {
    const mentions = [m('9.0'), m('7.0', 'D1'), m('5.0')];
    const dms = [m('8.0', 'D2'), m('7.0', 'D1'), m('1.0', 'D3')];
    expect(mergeStreams([mentions, dms], 3, 'timestamp', 'desc')).toEqual({
      matches: [m('9.0'), m('8.0', 'D2'), m('7.0', 'D1')],
      consumed: [2, 2],
    });
    const next = mergeStreams([mentions.slice(2), dms.slice(2)], 3, 'timestamp', 'desc');
    expect(next.matches.map((x) => x.ts)).toEqual(['5.0', '1.0']);
    expect(
      mergeStreams([[m('1.0'), m('2.0')], [m('1.5')]], 2, 'timestamp', 'asc').matches.map((x) => x.ts),
    ).toEqual(['1.0', '1.5']);
    expect(mergeStreams([[m('1.0', 'C1', 0.2)], [m('2.0', 'C2', 0.9)]], 5, 'score', 'desc')).toEqual({
      matches: [m('2.0', 'C2', 0.9), m('1.0', 'C1', 0.2)],
      consumed: [1, 1],
    });
  });
});

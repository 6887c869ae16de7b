import { describe, expect, it } from 'vitest';
import { MAX_IDS, returnedOf } from '../../src/governance/audit/returned.js';

const ts = (n: number) => `1772721${String(n).padStart(3, '0')}.000100`;

describe('what an answer returned, as a record keeps it', () => {
  it('groups messages by channel, each channel once, in the order first returned', () => {
    const body = {
      matches: [
        { channel_id: 'C07ENGINRG', ts: ts(1), text: 'never read' },
        { channel_id: 'C07INCIDNT', ts: ts(2) },
        { channel_id: 'C07ENGINRG', ts: ts(3) },
        { channel_id: 'C07ENGINRG', ts: ts(1) },
      ],
      // A file's shares name their channels by key only: their messages' channel is not known.
      files: [{ id: 'F07SPEC001', shares: { public: { C07PRODUCT: [{ ts: ts(4) }] } } }],
    };
    expect(returnedOf(body)).toEqual({
      counts: { messages: 4, files: 1, channels: 2 },
      channels: ['C07ENGINRG', 'C07INCIDNT'],
      messages: [
        { channel: 'C07ENGINRG', ts: [ts(1), ts(3)] },
        { channel: 'C07INCIDNT', ts: [ts(2)] },
        { channel: null, ts: [ts(4)] },
      ],
      files: ['F07SPEC001'],
      truncated: false,
    });
  });

  it(`keeps ${MAX_IDS} messages in all, the first returned, and says it left some out`, () => {
    const matches = Array.from({ length: MAX_IDS + 5 }, (_, i) => ({
      channel_id: i % 2 ? 'C07ENGINRG' : 'C07GENERAL',
      ts: ts(i),
    }));
    const returned = returnedOf({ matches });
    const evens = matches.filter((_, i) => i < MAX_IDS && i % 2 === 0).map((m) => m.ts);
    const odds = matches.filter((_, i) => i < MAX_IDS && i % 2 === 1).map((m) => m.ts);
    expect(returned).toEqual({
      counts: { messages: MAX_IDS + 5, channels: 2 },
      channels: ['C07GENERAL', 'C07ENGINRG'],
      messages: [
        { channel: 'C07GENERAL', ts: evens },
        { channel: 'C07ENGINRG', ts: odds },
      ],
      files: [],
      truncated: true,
    });
  });
});

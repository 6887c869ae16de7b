import { describe, expect, it } from 'vitest';
import {
  type BudgetCut,
  cutToBytes,
  evenShares,
  fitToBudget,
  jsonTextBytes,
} from '../../src/slack/llm-budget.js';

const NOTE = '...content truncated due to length';
const access = {
  textOf: (m: { text: string }) => m.text,
  setText: (m: { text: string }, text: string) => {
    m.text = text;
  },
};

describe('cutToBytes', () => {
  it('keeps text that fits and cuts on code point boundaries, counting JSON escapes', () => {
    expect(cutToBytes('short', 5)).toBe('short');
    expect(cutToBytes('abcdef'.repeat(20), 5 + NOTE.length)).toBe(`abcde${NOTE}`);
    expect(cutToBytes('é😀x'.repeat(20), 2 + 3 + NOTE.length)).toBe(`é${NOTE}`);
    expect(cutToBytes('é😀x'.repeat(20), 2 + 4 + NOTE.length)).toBe(`é😀${NOTE}`);
    expect(cutToBytes('"\n"\n'.repeat(20), 5 + NOTE.length)).toBe(`"\n${NOTE}`);
    expect(cutToBytes('anything long', 3)).toBe('');
    expect(jsonTextBytes(cutToBytes('ü'.repeat(1000), 101))).toBeLessThanOrEqual(101);
  });
});

describe('evenShares', () => {
  it('gives small texts what they need and splits the rest evenly', () => {
    expect(evenShares([10, 1000, 1000], 610)).toEqual([10, 300, 300]);
    expect(evenShares([10, 20], 100)).toEqual([10, 20]);
    expect(evenShares([50, 50, 50], 90)).toEqual([30, 30, 30]);
    expect(evenShares([5], -3)).toEqual([0]);
  });
});

describe('fitToBudget', () => {
  const run = (texts: string[], maxBytes: number) => {
    const body = { ok: true, messages: texts.map((text, i) => ({ ts: `${i}`, text })), summary: '' };
    const cuts: BudgetCut[] = [];
    const cut = fitToBudget(body, body.messages, maxBytes, access, (c) => {
      cuts.push(c);
      body.summary = c.cut || c.dropped ? `cut ${c.cut}, dropped ${c.dropped}` : 'whole';
    });
    return { body, cut, bytes: Buffer.byteLength(JSON.stringify(body)) };
  };

  it('leaves a body that fits alone', () => {
    const { body, cut } = run(['a', 'b'], 10_000);
    expect(cut).toEqual({ cut: 0, dropped: 0 });
    expect(body.summary).toBe('whole');
    expect(body.messages.map((m) => m.text)).toEqual(['a', 'b']);
  });

  it('keeps every message and cuts only the big one when one 600 KB text would not fit', () => {
    const big = 'x'.repeat(600_000);
    const { body, cut, bytes } = run(['small one', big, 'small two'], 400_000);
    expect(cut).toEqual({ cut: 1, dropped: 0 });
    expect(bytes).toBeLessThanOrEqual(400_000);
    expect(bytes).toBeGreaterThan(399_000);
    expect(
      body.messages.map((m) =>
        m.text.length > 100 ? `${m.text.slice(0, 3)}…${m.text.slice(-NOTE.length)}` : m.text,
      ),
    ).toEqual(['small one', `xxx…${NOTE}`, 'small two']);
    expect(body.summary).toBe('cut 1, dropped 0');
  });

  it('splits the budget evenly between several big texts', () => {
    const { body, cut, bytes } = run(['a'.repeat(5000), 'b'.repeat(5000), 'c'.repeat(300)], 4000);
    expect(cut).toEqual({ cut: 2, dropped: 0 });
    expect(bytes).toBeLessThanOrEqual(4000);
    const [a, b, c] = body.messages.map((m) => m.text);
    expect(c).toBe('c'.repeat(300));
    expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(1);
  });

  it('drops trailing messages only when even empty texts do not fit', () => {
    const { body, cut, bytes } = run(['a', 'b', 'c', 'd'], 120);
    expect(bytes).toBeLessThanOrEqual(120);
    expect(cut.dropped).toBeGreaterThan(0);
    expect(body.messages.length).toBe(4 - cut.dropped);
    expect(body.messages.map((m) => m.ts)).toEqual(['0', '1', '2', '3'].slice(0, 4 - cut.dropped));
  });
});

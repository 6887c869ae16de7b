import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/cache/memory-store.js';

const now = 1_700_000_000_000;
const entry = (value: unknown) => ({ value, storedAt: now, freshUntil: now + 1000, staleUntil: now + 5000 });
const text = (n: number) => 'x'.repeat(n - 2); // JSON adds the two quotes

describe('MemoryStore', () => {
  it('evicts the least recently used entries once the values pass maxBytes', async () => {
    const store = new MemoryStore({ maxBytes: 4000, clock: () => now });
    for (const k of ['a', 'b', 'c', 'd']) await store.set(k, entry(text(1000)));
    expect(store.bytes).toBe(4000);
    await store.get('a');
    await store.set('e', entry(text(1000)));
    expect(store.bytes).toBe(4000);
    const held = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map(async (k) => (await store.get(k)) !== undefined),
    );
    expect(held).toEqual([true, false, true, true, true]);
  });

  it('does not hold a value larger than a quarter of the budget, and counts a replaced value once', async () => {
    const store = new MemoryStore({ maxBytes: 4000, clock: () => now });
    await store.set('big', entry(text(1001)));
    expect([await store.get('big'), store.bytes]).toEqual([undefined, 0]);
    await Promise.all([store.set('k', entry(text(500))), store.set('k', entry(text(700)))]);
    expect(store.bytes).toBe(700);
    await store.delete('k');
    expect(store.bytes).toBe(0);
  });

  it('forgets an entry past staleUntil, and its bytes', async () => {
    let t = now;
    const store = new MemoryStore({ clock: () => t });
    await store.set('k', entry(text(100)));
    t += 5000;
    expect([await store.get('k'), store.bytes]).toEqual([undefined, 0]);
  });

  it('setIfAbsent stores only where nothing servable is held (a lease one caller takes)', async () => {
    let t = now;
    const store = new MemoryStore({ clock: () => t });
    const results = await Promise.all(['a', 'b', 'c'].map((who) => store.setIfAbsent('lease', entry(who))));
    expect(results).toEqual([true, false, false]);
    expect((await store.get('lease'))?.value).toBe('a');
    t += 5000;
    expect(await store.setIfAbsent('lease', { ...entry('d'), staleUntil: t + 1000 })).toBe(true);
    expect((await store.get('lease'))?.value).toBe('d');
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryRecordStore, RecordStoreFull } from '../../../src/sign-in/record-store.js';

// The memory store under a flood: bounded, and a full store refuses a new key rather than drop one a
// person owns; expired records make room again without a scan of the store.

describe('the sign-in memory store, flooded', () => {
  it('at its bound it refuses new keys and keeps every live record; expired ones make room', async () => {
    let now = 0;
    const store = new MemoryRecordStore(() => now, 4);
    await store.set('person', 'sealed', 30 * 86_400_000);
    for (let i = 0; i < 3; i++) await store.set(`pending:${i}`, 'p', 600_000);
    await expect(store.set('pending:3', 'p', 600_000)).rejects.toBeInstanceOf(RecordStoreFull);
    // Rewriting a key it holds is not a new key.
    await store.set('pending:0', 'p2', 600_000);
    expect([await store.get('person'), await store.get('pending:0')]).toEqual(['sealed', 'p2']);
    now = 600_001;
    await store.set('pending:4', 'p', 600_000);
    expect(await Promise.all(['person', 'pending:1', 'pending:4'].map((k) => store.get(k)))).toEqual([
      'sealed',
      undefined,
      'p',
    ]);
  });

  it('a record whose life was lengthened is not dropped at its first expiry', async () => {
    let now = 0;
    const store = new MemoryRecordStore(() => now, 10);
    await store.set('grant', 'g', 1000);
    await store.expire('grant', 5000);
    now = 1500;
    await store.set('other', 'o', 1000);
    expect(await store.get('grant')).toBe('g');
    now = 5001;
    await store.set('third', 't', 1000);
    expect(await store.get('grant')).toBeUndefined();
  });
});

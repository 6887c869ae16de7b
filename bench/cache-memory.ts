// Heap held per cached search.messages answer in the in-memory cache, against the JSON size the cache counts
// toward CACHE_MAX_BYTES, and what a full cache holds. `npx tsx bench/cache-memory.ts`.
import type { MemoryStore } from '../src/cache/memory-store.js';
import { defaultConfig } from '../src/config.js';
import { heapPerCachedSearch } from './heap-per-answer.js';
import { startLoadTargets } from './load-targets.js';

const ENTRIES = 1000;

const t = await startLoadTargets({ LOG_LEVEL: 'silent' });
try {
  const perEntry = await heapPerCachedSearch(t, ENTRIES);
  const jsonPerEntry = (t.app.cache.store as MemoryStore).bytes / (ENTRIES + 2); // + the auth memo and warm-up
  const maxBytes = defaultConfig().CACHE_MAX_BYTES;
  const ratio = perEntry / jsonPerEntry;
  console.log(`heap per cached search answer (16 matches): ${(perEntry / 1024).toFixed(1)} KB`);
  console.log(
    `JSON size counted per answer: ${(jsonPerEntry / 1024).toFixed(1)} KB; heap/JSON ${ratio.toFixed(2)}×`,
  );
  console.log(
    `CACHE_MAX_BYTES=${maxBytes} full: ~${((ratio * maxBytes) / 1024 / 1024).toFixed(0)} MB of heap`,
  );
} finally {
  await t.close();
}

// Heap held per cached search.messages answer in the in-memory cache, against the JSON size the cache counts
// toward CACHE_MAX_BYTES, and what a full cache holds. `npx tsx bench/cache-memory.ts`.
import v8 from 'node:v8';
import vm from 'node:vm';
import type { MemoryStore } from '../src/cache/memory-store.js';
import { defaultConfig } from '../src/config.js';
import { AUTH, startLoadTargets } from './load-targets.js';

const ENTRIES = 1000;
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const t = await startLoadTargets({ LOG_LEVEL: 'silent' });
try {
  await t.app.inject({ method: 'GET', url: '/search/messages?query=deploy', headers: AUTH });
  const before = heapUsed();
  for (let i = 0; i < ENTRIES; i++) {
    // Distinct keys, each the same 20 matches (`-x<i>` excludes a word no message has).
    const res = await t.app.inject({
      method: 'GET',
      url: `/search/messages?query=deploy+-x${i}`,
      headers: AUTH,
    });
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
    if (i % 100 === 0) t.slack.reset();
  }
  t.slack.reset();
  const perEntry = (heapUsed() - before) / ENTRIES;
  const jsonPerEntry = (t.app.cache.store as MemoryStore).bytes / (ENTRIES + 2); // + the auth memo and warm-up
  const maxBytes = defaultConfig().CACHE_MAX_BYTES;
  const ratio = perEntry / jsonPerEntry;
  console.log(`heap per cached search answer (20 matches): ${(perEntry / 1024).toFixed(1)} KB`);
  console.log(
    `JSON size counted per answer: ${(jsonPerEntry / 1024).toFixed(1)} KB; heap/JSON ${ratio.toFixed(2)}×`,
  );
  console.log(
    `CACHE_MAX_BYTES=${maxBytes} full: ~${((ratio * maxBytes) / 1024 / 1024).toFixed(0)} MB of heap`,
  );
} finally {
  await t.close();
}

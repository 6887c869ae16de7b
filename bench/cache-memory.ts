// Heap held per cached search.messages answer in the in-memory cache, and what CACHE_MAX_ENTRIES entries
// of that size add up to. `npx tsx bench/cache-memory.ts`.
import v8 from 'node:v8';
import vm from 'node:vm';
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
  const max = defaultConfig().CACHE_MAX_ENTRIES;
  console.log(`heap per cached search answer (20 matches): ${(perEntry / 1024).toFixed(1)} KB`);
  console.log(`CACHE_MAX_ENTRIES=${max} such entries: ${((perEntry * max) / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await t.close();
}

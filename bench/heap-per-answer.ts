import v8 from 'node:v8';
import vm from 'node:vm';
import { AUTH, type LoadTargets } from './load-targets.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/**
 * Heap held per cached concise search answer (query=deploy, 16 matches): `entries` distinct requests, each
 * the same matches (`-h<i>` excludes a word no message has), with everything the cache keeps for them.
 */
export async function heapPerCachedSearch(t: LoadTargets, entries: number): Promise<number> {
  await t.app.inject({ method: 'GET', url: '/search/messages?query=deploy', headers: AUTH });
  const before = heapUsed();
  for (let i = 0; i < entries; i++) {
    const url = `/search/messages?query=deploy+-h${i}`;
    const res = await t.app.inject({ method: 'GET', url, headers: AUTH });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    if (i % 100 === 0) t.slack.reset();
  }
  t.slack.reset();
  return (heapUsed() - before) / entries;
}

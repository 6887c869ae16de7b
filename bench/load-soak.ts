// A soak at a fixed rate: RSS and heap after a warm-up and at the end (each after a full GC), and the
// errors seen. A mix of cache hits, rotating cache misses (short TTL, so Slack is called throughout)
// and catalog searches. Growth must stay under 10% with zero errors and zero non-2xx.
import v8 from 'node:v8';
import vm from 'node:vm';
import autocannon from 'autocannon';
import { formatTable } from './format-table.js';
import { AUTH, catalogBody, startLoadTargets, THREAD_PATH } from './load-targets.js';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const WARMUP_SECONDS = Math.min(10, Math.max(2, Math.round(SOAK_SECONDS / 6)));
const ROTATING_QUERIES = 200;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function memory() {
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export async function runSoak() {
  // A 2 s TTL keeps cache misses (and Slack calls) coming for the whole soak over a bounded key set.
  const t = await startLoadTargets({ CACHE_SEARCH_TTL_MS: 2000 });
  const catalog = catalogBody(100);
  let rotation = 0;
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/search/messages?query=deploy' },
    { method: 'GET', path: THREAD_PATH },
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: `/search/messages?query=incident+-x${rotation++ % ROTATING_QUERIES}`,
      }),
    },
    {
      method: 'POST',
      path: '/catalog/search',
      body: catalog,
      headers: { ...AUTH, 'content-type': 'application/json' },
    },
  ];
  // The fake records every call it gets; forget them so its log does not count as the service's growth.
  const forget = setInterval(() => t.slack.reset(), 1000);
  const run = (seconds: number) =>
    autocannon({
      url: t.appUrl,
      headers: AUTH,
      requests,
      connections: 10,
      overallRate: RATE,
      duration: seconds,
    });
  try {
    console.log(`soak: ${WARMUP_SECONDS} s warm-up, then ${SOAK_SECONDS} s at ${RATE} req/s`);
    const warmup = await run(WARMUP_SECONDS);
    const before = memory();
    const cpu = process.cpuUsage();
    const soak = await run(SOAK_SECONDS);
    const { user, system } = process.cpuUsage(cpu);
    const after = memory();
    const growth = (after.rss - before.rss) / before.rss;
    const problems = soak.errors + soak.non2xx + soak.timeouts + warmup.errors + warmup.non2xx;
    const rows = [
      ['requests', String(soak.requests.total)],
      ['achieved rate (req/s)', (soak.requests.total / soak.duration).toFixed(1)],
      ['p50 / p99 latency (ms)', `${soak.latency.p50} / ${soak.latency.p99}`],
      // Service, fake Slack and load generator together: they share this process.
      ['CPU, this process (% of one core)', (((user + system) / 1e6 / soak.duration) * 100).toFixed(0)],
      ['errors / timeouts / non-2xx', `${soak.errors} / ${soak.timeouts} / ${soak.non2xx}`],
      ['RSS before → after (MB)', `${mb(before.rss)} → ${mb(after.rss)}`],
      ['RSS growth', `${(growth * 100).toFixed(1)}%`],
      ['heap used before → after (MB)', `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`],
    ];
    console.log(`\n${formatTable(['soak', 'value'], rows)}\n`);
    const pass = growth < 0.1 && problems === 0;
    console.log(pass ? 'soak: PASS (RSS growth < 10%, zero errors)' : 'soak: FAIL');
    if (!pass) process.exitCode = 1;
  } finally {
    clearInterval(forget);
    await t.close();
  }
}

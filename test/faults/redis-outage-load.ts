import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { authHeaders, type Harness } from '../helper.js';
import type { RedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

export type Phase = 'up' | 'down' | 'back';
export interface Sample {
  phase: Phase;
  url: string;
  status: number;
  ms: number;
}

const THREAD = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;
let n = 0;
// Cache hits and misses of both Slack routes, in turn.
const URLS = [
  () => '/search/messages?query=deploy',
  () => THREAD,
  () => `/search/messages?query=incident+r${++n}`,
  () => `${THREAD}?limit=${(++n % 900) + 1}`,
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const readiness = async (h: Harness) => (await h.app.inject({ method: 'GET', url: '/readyz' })).json().status;

/**
 * `workers` concurrent callers while Redis runs (`phaseMs`), is killed (until /readyz says degraded,
 * then `phaseMs`) and is started again (until /readyz says ready, then `phaseMs`). Returns every answer.
 */
export async function loadThroughRedisOutage(
  h: Harness,
  server: RedisServer,
  { workers = 8, phaseMs = 1000 } = {},
): Promise<Sample[]> {
  let phase: Phase = 'up';
  let running = true;
  const samples: Sample[] = [];
  const worker = async (w: number) => {
    for (let i = w; running; i++) {
      const url = URLS[i % URLS.length]();
      const at = phase;
      const started = performance.now();
      const res = await h.app.inject({ method: 'GET', url, headers: authHeaders() });
      samples.push({ phase: at, url, status: res.statusCode, ms: performance.now() - started });
      // Answers from the in-memory fallback involve no I/O: without this the workers starve the timers.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const load = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  await pause(phaseMs);
  await server.stop();
  phase = 'down';
  await waitFor(async () => (await readiness(h)) === 'degraded', 'readyz to report the outage');
  await pause(phaseMs);
  await server.start();
  await waitFor(async () => (await readiness(h)) === 'ready', 'the reconnection', 10_000);
  phase = 'back';
  await pause(phaseMs);
  running = false;
  await load;
  return samples;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Requests, non-200 answers and latency by phase. */
export function summarise(samples: Sample[]) {
  return (['up', 'down', 'back'] as const).map((phase) => {
    const of = samples.filter((s) => s.phase === phase);
    const ms = of.map((s) => s.ms).sort((a, b) => a - b);
    return {
      phase,
      requests: of.length,
      non200: of.filter((s) => s.status !== 200).length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      max: ms[ms.length - 1] ?? Number.NaN,
    };
  });
}

/**
 * Redis that accepts connections but answers nothing for `pauseMs` (CLIENT PAUSE): three different
 * searches sent meanwhile, with what each caller got and when.
 */
export async function requestsWhileRedisHangs(h: Harness, redisUrl: string, pauseMs: number) {
  const { Redis } = await import('ioredis');
  const raw = new Redis(redisUrl);
  try {
    await raw.call('CLIENT', 'PAUSE', String(pauseMs), 'ALL');
    return await Promise.all(
      ['deploy', `incident h${++n}`, `launch h${++n}`].map(async (query) => {
        const started = performance.now();
        const url = `/search/messages?query=${encodeURIComponent(query)}`;
        const res = await h.app.inject({ method: 'GET', url, headers: authHeaders() });
        return { status: res.statusCode, ms: performance.now() - started };
      }),
    );
  } finally {
    await pause(pauseMs);
    raw.disconnect();
  }
}

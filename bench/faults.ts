// What a caller gets under each Slack fault and how long it takes (REQUEST_DEADLINE_MS = 1000), a 429
// storm, and Redis killed and restarted under load: the figures behind test/faults.
// `npm run bench:faults` (needs redis-server on PATH).

import { rateLimitStorm, WAVE } from '../test/faults/rate-limit-storm.js';
import {
  loadThroughRedisOutage,
  requestsWhileRedisHangs,
  summarise,
} from '../test/faults/redis-outage-load.js';
import {
  DEFAULT_RETRY_AFTER_S,
  FAULT_DEADLINE_MS,
  type Route,
  runFaultCase,
} from '../test/faults/run-fault-case.js';
import { faultCases } from '../test/faults/slack-fault-cases.js';
import { ALICE_TOKEN, tinyWorkspace } from '../test/fixtures/tiny-workspace.js';
import { API_TOKEN, buildHarness } from '../test/helper.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { formatTable } from './format-table.js';

const config = {
  SLACK_USER_TOKEN: ALICE_TOKEN,
  REQUEST_DEADLINE_MS: FAULT_DEADLINE_MS,
  SLACK_DEFAULT_RETRY_AFTER_S: DEFAULT_RETRY_AFTER_S,
};
const ms = (n: number) => n.toFixed(0);

async function slackFaults() {
  const rows: string[][] = [];
  for (const route of ['search', 'thread'] as Route[]) {
    for (const c of faultCases(route)) {
      // Each fault on an app of its own, so a rate limit or a memoised failure cannot colour the next.
      const h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config });
      try {
        const o = await runFaultCase(h, route, c);
        const status =
          o.status === c.expected.status ? String(o.status) : `${o.status} (expected ${c.expected.status})`;
        rows.push([
          route,
          c.name,
          status,
          o.status === 200 ? '' : String(o.body.code),
          o.retryAfter ?? '',
          ms(o.elapsedMs),
        ]);
      } finally {
        await h.close();
      }
    }
  }
  console.log(`${formatTable(['route', 'Slack fault', 'status', 'code', 'Retry-After', 'ms'], rows)}\n`);
}

async function storms() {
  const rows: string[][] = [];
  for (const retryAfter of [30, null]) {
    const s = await rateLimitStorm(retryAfter);
    const all = [...s.first, ...s.second];
    rows.push([
      retryAfter === null ? 'no Retry-After' : `Retry-After: ${retryAfter}`,
      `${all.filter((a) => a.status === 429).length}/${all.length}`,
      String(s.callsInFirst),
      String(s.callsInSecond),
      ms(Math.max(...all.map((a) => a.ms))),
    ]);
  }
  const header = [
    '429 storm',
    'answered 429',
    `Slack calls, wave 1 (${WAVE})`,
    `wave 2 (${WAVE})`,
    'slowest ms',
  ];
  console.log(`${formatTable(header, rows)}\n`);
}

async function redisOutage() {
  const server = await startRedisServer();
  const h = await buildHarness({
    redisUrl: server.url,
    config: { REQUEST_DEADLINE_MS: FAULT_DEADLINE_MS, RATE_LIMIT_MAX: 1_000_000 },
  });
  try {
    const samples = await loadThroughRedisOutage(h, server, { workers: 8, phaseMs: 2000 });
    const rows = summarise(samples).map((p) => [
      p.phase,
      String(p.requests),
      String(p.non200),
      ms(p.p50),
      ms(p.p99),
      ms(p.max),
    ]);
    console.log(`${formatTable(['Redis', 'requests', 'non-200', 'p50 ms', 'p99 ms', 'max ms'], rows)}\n`);
  } finally {
    await h.close();
  }
  const hung: string[][] = [];
  for (const deadline of [FAULT_DEADLINE_MS, 10_000]) {
    const app = await buildHarness({ redisUrl: server.url, config: { REQUEST_DEADLINE_MS: deadline } });
    try {
      await app.app.inject({
        method: 'GET',
        url: '/search/messages?query=deploy',
        headers: { authorization: `Bearer ${API_TOKEN}` },
      });
      const answers = await requestsWhileRedisHangs(app, server.url, 3000);
      hung.push([
        String(deadline),
        answers.map((a) => a.status).join(', '),
        answers.map((a) => ms(a.ms)).join(', '),
      ]);
    } finally {
      await app.close();
    }
  }
  console.log(`${formatTable(['Redis paused 3 s: deadline ms', 'statuses', 'ms'], hung)}\n`);
  await server.stop();
}

let unhandled = 0;
process.on('unhandledRejection', () => unhandled++);
console.log(
  `faults: REQUEST_DEADLINE_MS=${FAULT_DEADLINE_MS}, SLACK_DEFAULT_RETRY_AFTER_S=${DEFAULT_RETRY_AFTER_S}\n`,
);
await slackFaults();
await storms();
await redisOutage();
console.log(`unhandled rejections: ${unhandled}`);

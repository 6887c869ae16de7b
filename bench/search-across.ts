// One search across workspaces (issue 43) against one: the Slack calls a message search makes, how many of them
// wait for another (sequential round trips) and how long it takes with every fake Slack call held DELAY_MS, cold
// (a fresh app) and warm (the same search again). Medians of ROUNDS rounds.
// `npx tsx bench/search-across.ts` (ROUNDS=5, DELAY_MS=500)
import {
  createGridOrganisation,
  createSideWorkspace,
  type FakeSlack,
  GRID,
  startFakeSlack,
} from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import type { ReadCaller } from '../src/reads/caller.js';
import { bindRead } from '../src/reads/registry.js';
import { searchMessagesRead } from '../src/reads/search-messages/definition.js';
import type { SearchMessagesParams } from '../src/reads/search-messages/schemas.js';
import { formatTable } from './format-table.js';

const DELAY_MS = Number(process.env.DELAY_MS ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const K = GRID.tokens;

/**
 * `before`: another search first — just before (the token's kind and workspaces known, this search's pages
 * not), or `expired`: 6 hours before, past every cache entry but the token's shape (TOKEN_SHAPE_TTL_MS).
 */
const SCENARIOS: Array<{ name: string; tokens: string[]; before?: 'now' | 'expired' }> = [
  { name: '1 workspace (Grid HQ, workspace token)', tokens: [K.hqAna] },
  { name: '1 workspace, token seen 6 h before', tokens: [K.hqAna], before: 'expired' },
  { name: '2 workspaces (one org-wide token)', tokens: [K.orgAna] },
  { name: '2 workspaces (org-wide token, known)', tokens: [K.orgAna], before: 'now' },
  { name: '2 workspaces (org-wide token seen 6 h before)', tokens: [K.orgAna], before: 'expired' },
  { name: '3 workspaces (HQ, Labs, Side Project: 3 tokens)', tokens: [K.hqAna, K.labsChloe, K.sideAna] },
  {
    name: '3 workspaces (3 tokens seen 6 h before)',
    tokens: [K.hqAna, K.labsChloe, K.sideAna],
    before: 'expired',
  },
];

const PARAMS = {
  query: 'rollout',
  count: 20,
  sort: 'timestamp',
  sort_dir: 'desc',
  highlight: true,
  response_format: 'concise',
  to_me: 'false',
  dedupe_threads: false,
  max_text_chars: 0,
  include_context: false,
} satisfies SearchMessagesParams;

/** Arrivals at least DELAY_MS / 2 after the start of the current wave open the next one. */
function waves(arrivals: number[]): number {
  let count = 0;
  let start = Number.NEGATIVE_INFINITY;
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    if (at - start >= DELAY_MS / 2) {
      count++;
      start = at;
    }
  }
  return count;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One cold search on a fresh app and the same search again: calls, round trips, ms of each. */
async function round(slack: FakeSlack, tokens: string[], before?: 'now' | 'expired') {
  const config = defaultConfig({
    API_TOKENS: 'bench-token',
    SLACK_API_URL: slack.url,
    SLACK_SEARCH_BACKEND: 'legacy',
    LOG_LEVEL: 'silent',
  });
  let skew = 0;
  const clock = () => Date.now() + skew;
  const app = await buildApp({ config, logger: false, clock });
  await app.ready();
  const search = bindRead(searchMessagesRead, app.reads, 'rest');
  const run = async (query = PARAMS.query) => {
    const accesses = tokens.map((token) => ({ token, fromCaller: true, deadline: clock() + 10_000 }));
    const caller: ReadCaller = {
      log: app.log,
      requestId: 'bench',
      who: { kind: 'token', id: 'bench' },
      client: { via: 'rest' },
      deadline: clock() + 10_000,
      slackAccess: () => accesses[0],
      ...(tokens.length > 1 ? { slackAccesses: () => accesses } : {}),
    };
    slack.calls.length = 0;
    const started = performance.now();
    const answer = await search(caller, { ...PARAMS, query } as Parameters<typeof search>[1]);
    const ms = performance.now() - started;
    const hits = (answer.body.messages as { matches: unknown[] }).matches.length;
    const methods = slack.calls.map((c) => c.method);
    const tally = [...new Set(methods)]
      .map((m) => `${m} ×${methods.filter((c) => c === m).length}`)
      .join(', ');
    return { calls: methods.length, tally, trips: waves(slack.calls.map((c) => c.at)), ms, hits };
  };
  if (before) await run('tuesday');
  if (before === 'expired') skew += 6 * 3_600_000;
  const cold = await run();
  const warm = await run();
  await app.close();
  return { cold, warm };
}

export async function benchSearchAcross() {
  const slack = await startFakeSlack({
    organisation: createGridOrganisation(),
    workspaces: [createSideWorkspace()],
  });
  slack.inject({ kind: 'delay', ms: DELAY_MS, times: 1_000_000 });
  const rows: string[][] = [];
  let oneMs = 0;
  for (const scenario of SCENARIOS) {
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(slack, scenario.tokens, scenario.before));
    const cold = median(rounds.map((r) => r.cold.ms));
    if (oneMs === 0) oneMs = cold;
    rows.push([
      scenario.name,
      String(rounds[0].cold.hits),
      String(median(rounds.map((r) => r.cold.calls))),
      String(median(rounds.map((r) => r.cold.trips))),
      cold.toFixed(0),
      `${(cold / oneMs).toFixed(2)}×`,
      rounds[0].cold.tally,
      String(median(rounds.map((r) => r.warm.calls))),
      median(rounds.map((r) => r.warm.ms)).toFixed(1),
    ]);
  }
  await slack.close();
  console.log(
    `\n## Search across workspaces (search.messages "rollout", 20 a page; each fake Slack call held ${DELAY_MS} ms; medians of ${ROUNDS} rounds)\n`,
  );
  console.log(
    formatTable(
      [
        'searched',
        'hits',
        'cold Slack calls',
        'cold round trips',
        'cold ms',
        'cold vs 1',
        'cold calls by method',
        'warm Slack calls',
        'warm ms',
      ],
      rows,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearchAcross();

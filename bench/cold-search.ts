// Cold and warm search (issue 29): the Slack calls one search makes on a fresh app and how many of them
// wait for another (sequential round trips), then the same search again. Every fake Slack call is held
// DELAY_MS, so calls that start together arrive together: a round trip is a wave of arrivals.
// `npx tsx bench/cold-search.ts`
import { createGridOrganisation, DEMO_USER_TOKEN, GRID, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { type Config, defaultConfig } from '../src/config.js';
import { formatTable } from './format-table.js';

const DELAY_MS = 150;
const PATHS = [
  '/search/messages?query=deploy&count=20',
  '/search/messages?query=deploy&response_format=compact',
];
const TARGET = 2;
/** An org-wide token (Enterprise Grid, the fake's Grid Corp): naming a workspace by id, and naming none. */
const ORG_PATHS = [
  `/search/messages?query=rollout&workspace=${GRID.teams.labs}`,
  '/search/messages?query=rollout',
];

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

/**
 * `seen`: the token searched once 6 hours before (another query), so every cache entry has expired but its
 * shape (TOKEN_SHAPE_TTL_MS): what any token's search is once it has been seen, as a sign-in's first is.
 */
async function measure(
  backend: Config['SLACK_SEARCH_BACKEND'],
  path: string,
  org = false,
  seen = false,
): Promise<string[]> {
  const slack = await startFakeSlack(org ? { organisation: createGridOrganisation() } : {});
  const config = defaultConfig({
    API_TOKENS: 'bench-token',
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: org ? GRID.tokens.orgAna : DEMO_USER_TOKEN,
    SLACK_SEARCH_BACKEND: backend,
  });
  let skew = 0;
  const app = await buildApp({ config, logger: false, clock: () => Date.now() + skew });
  slack.inject({ kind: 'delay', ms: DELAY_MS, times: 1000 });
  const run = async () => {
    slack.calls.length = 0;
    const started = performance.now();
    const res = await app.inject({ url: path, headers: { authorization: 'Bearer bench-token' } });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
    const calls = slack.calls.map((c) => c.method);
    return { calls, trips: waves(slack.calls.map((c) => c.at)), ms: performance.now() - started };
  };
  if (seen) {
    await app.inject({
      url: '/search/messages?query=tuesday',
      headers: { authorization: 'Bearer bench-token' },
    });
    skew += 6 * 3_600_000;
  }
  const cold = await run();
  const warm = await run();
  await app.close();
  await slack.close();
  const tally = (calls: string[]) =>
    [...new Set(calls)]
      .map(
        (m) =>
          `${m}${calls.filter((c) => c === m).length > 1 ? ` ×${calls.filter((c) => c === m).length}` : ''}`,
      )
      .join(', ') || '–';
  return [
    `${backend}${org ? ', org token' : ''}${seen ? ', seen 6 h before' : ''}`,
    path.replace('/search/messages?', ''),
    String(cold.calls.length),
    String(cold.trips),
    tally(cold.calls),
    cold.ms.toFixed(0),
    String(warm.calls.length),
    String(warm.trips),
    // RTS answers are never cached: a warm RTS search makes that one call, and nothing else.
    `${cold.trips <= TARGET && warm.calls.every((m) => m === 'assistant.search.context') ? 'PASS' : 'FAIL'}`,
  ];
}

export async function benchColdSearch() {
  const rows: string[][] = [];
  for (const backend of ['legacy', 'auto', 'rts'] as const)
    for (const path of PATHS) rows.push(await measure(backend, path));
  for (const backend of ['legacy', 'auto', 'rts'] as const)
    for (const path of ORG_PATHS) rows.push(await measure(backend, path, true));
  for (const backend of ['legacy', 'auto', 'rts'] as const)
    rows.push(await measure(backend, ORG_PATHS[1], true, true));
  console.log(
    `\n## Cold search: Slack calls and sequential round trips (each fake call held ${DELAY_MS} ms; target cold ≤ ${TARGET}, warm 0 calls beyond an RTS search)\n`,
  );
  console.log(
    formatTable(
      [
        'backend',
        'request',
        'cold calls',
        'cold trips',
        'cold methods',
        'cold ms',
        'warm calls',
        'warm trips',
        'target',
      ],
      rows,
    ),
  );
  console.log(
    "\nRTS answers are never cached (Slack forbids keeping them): a warm RTS search calls Slack again. An org-wide token's first search without `workspace` is sent as a workspace token's (its kind is learned from the auth.test beside it) and meets `missing_argument`; then its workspaces are listed and each is searched. Once seen (or signed in), a token's shape is kept 7 days: its searches go to each workspace at once while auth.test and auth.teams.list run beside them.",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchColdSearch();

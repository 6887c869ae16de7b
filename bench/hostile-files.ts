// `tsx bench/hostile-files.ts`: issue 34's reproductions over real sockets against src/server.ts in its own
// process (SERVER_DIR: another checkout's, for a before/after comparison), with the fake Slack here holding the
// hostile files. Prints, for each, the request, its status, time and summary, and /healthz's worst latency
// while it ran (files: read alone, then by three people at once). ONLY=files,names,removed,redirect,cursor,
// min_score,catalog runs some of them; SHAPES=b18k,… some of the files (ALONE_ONLY=1: not by three);
// CATALOG_ROUNDS (default 5) the rounds of 5,000-tool requests, one at a time and three at once, each with the
// server's main-thread busy time and longest block (PACE_KB=64: their bodies sent 64 KB a millisecond). The
// converter's own time for 2 MB of each shape is bench/html-convert.ts.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { RTS_SCOPES } from '../fake-slack/demo/tokens.js';
import {
  createDemoWorkspace,
  DEMO_GUEST_TOKEN,
  DEMO_OTHER_TOKEN,
  DEMO_USER_TOKEN,
  startFakeSlack,
} from '../fake-slack/index.js';
import type { WorkspaceFile } from '../fake-slack/workspace-types.js';
import { encodeFindCursor } from '../src/slack/find-cursor.js';
import { median } from './catalog-metrics.js';
import { ms, send, withHealth } from './health-probe.js';
import { HOSTILE_SHAPES } from './hostile-shapes.js';
import { spawnServer } from './spawn-server.js';

const TOKEN = 'bench-hostile-token';
const dir = process.env.SERVER_DIR ?? resolve(import.meta.dirname, '..');
const only = process.env.ONLY?.split(',');
const shapes = process.env.SHAPES?.split(',');
const run = (item: string) => !only || only.includes(item);
const MCP = { accept: 'application/json, text/event-stream' };
const MAYA = 'U07MAYACHN';
const LAUNCH_Q2 = 'C07LAUNCHQ';
const GENERAL = 'C07GENERAL';
/** Four readers of the hostile files (Maya's scopes, four tokens: four people to the service). */
const READERS = ['xoxp-bench-r1', 'xoxp-bench-r2', 'xoxp-bench-r3', 'xoxp-bench-r4'];

const workspace = createDemoWorkspace();
const scopes = ['search:read', ...RTS_SCOPES, 'channels:history', 'groups:history', 'channels:read'];
for (const token of READERS)
  workspace.tokens.push({
    token,
    type: 'user',
    userId: MAYA,
    scopes: [...scopes, 'groups:read', 'users:read', 'files:read'],
  });
const file = (
  id: string,
  name: string,
  content: string,
  extra: Partial<WorkspaceFile> = {},
): WorkspaceFile => ({
  id,
  name,
  title: name,
  user: MAYA,
  created: 1_772_323_200,
  filetype: 'html',
  mimetype: 'text/html',
  prettyType: 'HTML',
  mode: 'hosted',
  channels: [GENERAL],
  content,
  ...extra,
});
const selected = HOSTILE_SHAPES.filter((s) => !shapes || shapes.includes(s.key));
workspace.files ??= [];
for (const [i, shape] of selected.entries()) {
  const html = shape.html();
  const extra: Partial<WorkspaceFile> = shape.canvas
    ? { filetype: 'quip', mimetype: 'application/vnd.slack-docs', prettyType: 'Canvas', mode: 'quip' }
    : {};
  // The twin differs by a comment: read by three at once, it is converted anew (not served from the first).
  workspace.files.push(file(`F0HOSTILE${i}A`, `${shape.key}.html`, html, extra));
  workspace.files.push(file(`F0HOSTILE${i}B`, `${shape.key}-twin.html`, `${html}<!-- twin -->`, extra));
}
workspace.files.push(
  file('F0NAMESCNV', 'names.html', `<p>Pricing is decided in &lt;#${LAUNCH_Q2}&gt;.</p>`),
  file('F0REDIRECT', 'moved.html', '<p>x</p>', { redirectTo: 'http://127.0.0.1:41001.evil/x' }),
  file('F0PRIVATEF', 'private.html', '<p>Draft prices for the Q2 launch.</p>', {
    channels: [LAUNCH_Q2],
    user: 'U07SOFIAGA',
  }),
);
const slack = await startFakeSlack({ port: 0, workspace });
const { port, stop, loopReport } = await spawnServer(
  dir,
  TOKEN,
  {
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
    SLACK_SEARCH_BACKEND: 'legacy',
    API_RATE_LIMIT_MAX: '100000',
  },
  'ignore',
  { loopProbe: true },
);
const as = (slackToken: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${TOKEN}`,
  'x-slack-token': slackToken,
  ...extra,
});
const get = (path: string, slackToken = DEMO_USER_TOKEN) =>
  send(port, 'GET', path, undefined, as(slackToken));
const short = (body: string, n = 150) => {
  try {
    const parsed = JSON.parse(body);
    return (parsed.summary ?? parsed.message ?? body).slice(0, n);
  } catch {
    return body.slice(0, n);
  }
};
const textOf = (body: string) => {
  try {
    return JSON.parse(body).text as string | null;
  } catch {
    return null;
  }
};
console.log(`server: ${dir}`);
// What any first requests pay once (the Slack client and the MCP SDK load on first use; a conversion thread
// starts) is paid before measuring: a small canvas read over REST and over /mcp.
await get('/files/F07CHECKLS');
await send(
  port,
  'POST',
  '/mcp',
  '{"jsonrpc":"2.0","id":0,"method":"tools/call","params":{"name":"slack_read_file","arguments":{"file_id":"F07RUNBOOK"}}}',
  as(DEMO_USER_TOKEN, MCP),
);
/** Waits (≤ 60 s) until the server no longer sheds load: one stall leaves it answering 503 for a while. */
async function settle() {
  for (let i = 0; i < 120; i++) {
    const r = await send(port, 'GET', '/readyz');
    if (r.status !== 503) return;
    await new Promise((done) => setTimeout(done, 500));
  }
}

if (run('files')) {
  for (const [i, shape] of selected.entries()) {
    const path = (twin: string) => `/files/F0HOSTILE${i}${twin}?max_text_chars=200`;
    await settle();
    const alone = await withHealth(port, () => get(path('A'), READERS[0]));
    const r = alone.result;
    console.log(
      `files ${shape.key} (${shape.label}), alone: ${r.status} in ${ms(r.ms)}: ${short(r.body)}; ${alone.health}`,
    );
    if (process.env.ALONE_ONLY) continue;
    await settle();
    const three = await withHealth(port, () =>
      Promise.all(READERS.slice(1).map((token) => get(path('B'), token))),
    );
    const statuses = three.result.map((a) => a.status).join(',');
    const slowest = Math.max(...three.result.map((a) => a.ms));
    console.log(
      `files ${shape.key}, three people at once: ${statuses}, slowest ${ms(slowest)}; ${three.health}`,
    );
  }
  const b = selected.findIndex((s) => s.key === 'b18k');
  if (b >= 0) {
    await settle();
    // The twin, as a reader who has not read it: converted anew, not served from a cache.
    const call = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slack_read_file","arguments":{"file_id":"F0HOSTILE${b}B","max_text_chars":100}}}`;
    const mcp = await withHealth(port, () => send(port, 'POST', '/mcp', call, as(READERS[0] as string, MCP)));
    console.log(
      `files b18k over /mcp slack_read_file: ${mcp.result.status} in ${ms(mcp.result.ms)} ${mcp.result.body.slice(0, 160)}; ${mcp.health}`,
    );
  }
}

if (run('names')) {
  // Leo is in private #launch-q2, Maya and the guest are not; the canvas is in #general, which all can read.
  for (const [who, token] of [
    ['Leo (member)', DEMO_OTHER_TOKEN],
    ['Maya (not a member)', DEMO_USER_TOKEN],
    ['Val (guest)', DEMO_GUEST_TOKEN],
  ] as const) {
    const r = await get('/files/F0NAMESCNV', token);
    console.log(
      `names: ${who} reads a public canvas naming <#${LAUNCH_Q2}>: ${r.status} "${textOf(r.body)}"`,
    );
  }
}

if (run('removed')) {
  const leo = DEMO_OTHER_TOKEN;
  const first = await get('/files/F0PRIVATEF', leo);
  const channel = workspace.channels.find((c) => c.id === LAUNCH_Q2);
  const members = channel?.members ?? [];
  if (channel) channel.members = members.filter((m) => m !== 'U07LEOPARK');
  const removedAt = performance.now();
  const limitS = Number(process.env.REMOVED_WAIT_S ?? 150);
  let answer = first;
  const polled = await withHealth(port, async () => {
    while ((performance.now() - removedAt) / 1000 < limitS) {
      answer = await get('/files/F0PRIVATEF', leo);
      if (answer.status === 404) return (performance.now() - removedAt) / 1000;
      await new Promise((r) => setTimeout(r, 2000));
    }
    return undefined;
  });
  if (channel) channel.members = members;
  const seen = polled.result;
  console.log(
    `removed: Leo read a file of private #launch-q2 (${first.status}), then was removed: ${seen === undefined ? `still ${answer.status} after ${limitS} s (${short(answer.body, 90)})` : `404 after ${seen.toFixed(1)} s: ${short(answer.body, 120)}`}; ${polled.health}`,
  );
}

if (run('redirect')) {
  const r = await get('/files/F0REDIRECT');
  console.log(
    `redirect: a download redirecting to http://127.0.0.1:41001.evil/x: ${r.status} ${short(r.body)}`,
  );
}

if (run('cursor')) {
  const cursor = encodeFindCursor({ kind: 'rts', cursor: 'bGFzdA==', seen: 5 });
  for (const path of [
    '/search/users?query=maya',
    '/search/files?query=runbook',
    '/search/channels?query=deploy',
  ]) {
    slack.reset();
    const r = await get(`${path}&cursor=${cursor}`);
    const methods = [...new Set(slack.calls.map((c) => c.method))].join(',');
    const body = JSON.parse(r.body);
    console.log(
      `cursor: SLACK_SEARCH_BACKEND=legacy, GET ${path}&cursor=<a real-time search cursor>: ${r.status} ${body.backend ? `backend ${body.backend}` : body.message}; Slack methods: ${methods}`,
    );
  }
}

if (run('min_score')) {
  for (const value of ['Infinity', '-Infinity', '1e400', '0.5']) {
    const r = await get(`/search/messages?query=deploy&min_score=${value}`);
    const body = JSON.parse(r.body);
    console.log(
      `min_score: GET /search/messages?query=deploy&min_score=${value}: ${r.status} ${r.status === 200 ? `${body.messages?.matches?.length} of ${body.messages?.total} matches shown` : body.message}`,
    );
  }
  const call = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slack_search_messages","arguments":{"query":"deploy","min_score":"Infinity"}}}`;
  const mcp = await send(port, 'POST', '/mcp', call, as(DEMO_USER_TOKEN, MCP));
  const result = JSON.parse(mcp.body).result;
  console.log(
    `min_score: /mcp slack_search_messages min_score "Infinity": isError ${result?.isError ?? false}, ${(result?.content?.[0]?.text ?? mcp.body).slice(0, 140)}`,
  );
}

if (run('catalog')) {
  const { routerCatalogBody, hostileBodies } = await import('./router-bodies.js');
  const body = routerCatalogBody(5000);
  // PACE_KB: bodies come that many KB a millisecond, as over a network (else all at once, as over loopback).
  const pace = Number(process.env.PACE_KB ?? 0) * 1024;
  const post = () => send(port, 'POST', '/catalog/search', body, as(DEMO_USER_TOKEN), 600_000, pace);
  // First use (the body validator compiled, a ranking thread started) is paid before measuring.
  await send(port, 'POST', '/catalog/search', routerCatalogBody(50), as(DEMO_USER_TOKEN));
  const first = await post();
  const answer =
    first.status === 200 ? `${JSON.parse(first.body).results.length} results` : short(first.body);
  const sha = createHash('sha256').update(first.body).digest('hex').slice(0, 12);
  console.log(
    `catalog: POST /catalog/search, 5,000 router tools with input schemas (${(body.length / 1e6).toFixed(1)} MB): ${first.status}, ${answer} (body sha256 ${sha}), in ${ms(first.ms)} (the first builds the index)`,
  );
  // Rounds of 5 requests (or 5 times three at once), each round with its own /healthz probe; the server's
  // own event loop figures (bench/loop-probe.mjs) cover the round.
  const rounds = Number(process.env.CATALOG_ROUNDS ?? 5);
  for (const clients of [1, 3]) {
    const worst: number[] = [];
    const times: number[] = [];
    const busy: number[] = [];
    const blocks: number[] = [];
    const answers = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      await loopReport();
      const { worstMs } = await withHealth(port, async () => {
        for (let i = 0; i < 5; i++)
          for (const r of await Promise.all(Array.from({ length: clients }, post))) {
            answers.add(r.status === 200 ? r.body : `${r.status} ${short(r.body)}`);
            times.push(r.ms);
          }
      });
      const loop = await loopReport();
      worst.push(worstMs);
      busy.push(loop.busyMs / (5 * clients));
      blocks.push(loop.maxBlockMs);
    }
    const same =
      answers.size === 1 && answers.has(first.body) ? 'each answer the first one' : `${answers.size} answers`;
    console.log(
      `catalog: 5,000 tools, ${clients === 1 ? 'one at a time' : 'three at once'}${pace ? `, bodies at ${pace / 1024} KB/ms` : ''}, ${rounds} rounds of 5: ${same}, median ${ms(median(times))}; main thread busy ${median(busy).toFixed(1)} ms a request, longest block ${ms(median(blocks))} (medians of rounds); /healthz worst ${ms(median(worst))} (median of rounds: ${worst.map(ms).join(', ')})`,
    );
  }
  for (const [name, hostile] of Object.entries(hostileBodies())) {
    const h = await withHealth(port, () =>
      send(port, 'POST', '/catalog/search', hostile, as(DEMO_USER_TOKEN)),
    );
    console.log(
      `catalog: ${name} (${(hostile.length / 1e6).toFixed(1)} MB): ${h.result.status} in ${ms(h.result.ms)} ${short(h.result.body, 110)}; ${h.health}`,
    );
  }
}

stop();
await slack.close();

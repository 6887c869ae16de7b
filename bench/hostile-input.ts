// `tsx bench/hostile-input.ts`: issue 28's reproductions over real sockets against src/server.ts in its
// own process (SERVER_DIR: another checkout's, for a before/after comparison), with the fake Slack here.
// Prints, for each, the statuses, times and /healthz latency during it; and the worst bodies within the
// body limits (REST and /mcp): parse, validate and answer time. ONLY=1,2,… runs some of them.
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { createDemoWorkspace, DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { type Answer, withHealth as healthWhile, ms, send as sendTo } from './health-probe.js';
import { spawnServer } from './spawn-server.js';

const TOKEN = 'bench-hostile-token';
const dir = process.env.SERVER_DIR ?? resolve(import.meta.dirname, '..');
const only = process.env.ONLY?.split(',');
const workspace = createDemoWorkspace();
workspace.channels.push({ id: 'C0PROTO001', kind: 'public', name: '__proto__', members: [], created: 1 });
const slack = await startFakeSlack({ port: 0, workspace });
const { port, stop } = await spawnServer(dir, TOKEN, {
  SLACK_API_URL: slack.url,
  SLACK_USER_TOKEN: DEMO_USER_TOKEN,
  API_RATE_LIMIT_MAX: '100000',
});

const MCP = { accept: 'application/json, text/event-stream' };
const send = (method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) =>
  sendTo(port, method, path, body, headers);
const authed = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${TOKEN}`, ...extra });
const withHealth = <T>(work: () => Promise<T>) => healthWhile(port, work);

/** `clients` loops sending `make()` for `seconds`: statuses and median time. */
async function loops(clients: number, seconds: number, make: () => Promise<Answer>): Promise<string> {
  const until = performance.now() + seconds * 1000;
  const statuses: Record<number, number> = {};
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const r = await make();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        times.push(r.ms);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return `statuses ${JSON.stringify(statuses)}, median ${ms(times[times.length >> 1])}`;
}

const manyKeys = (n: number, prefix = 'k') => {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`"${prefix}${i.toString(36)}":0`);
  return `{${parts.join(',')}}`;
};
const catalog = (inputSchema: string, extra = '') =>
  `{"query":["send message"],"tools":[{"toolKey":"k","toolName":"send","serverName":"s","description":"send a message${extra}","inputSchema":${inputSchema}}]}`;
const toolCall = (args: string, meta = '') =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{${meta}"name":"search_tools","arguments":${args}}}`;
const run = (item: string) => !only || only.includes(item);

if (run('1')) {
  const big = Buffer.from(manyKeys(700_000));
  const { result, health } = await withHealth(() => loops(5, 5, () => send('POST', '/nope', big)));
  const one = await send('POST', '/nope', '{bad');
  console.log(
    `1. POST /nope, no token, ${(big.length / 1e6).toFixed(1)} MB of 700,000 keys, 5 loops for 5 s: ${result}; ${health}`,
  );
  console.log(`   POST /nope '{bad': ${one.status} ${one.body}`);
}

if (run('2')) {
  const meta = manyKeys(400_000, 'm');
  const body = toolCall('{"query":["x"],"tools":[]}', `"_meta":${meta},`);
  const { result, health } = await withHealth(() => send('POST', '/mcp', body, authed(MCP)));
  console.log(
    `2a. /mcp tools/call, _meta of 400,000 keys (${(body.length / 1e6).toFixed(1)} MB): ${result.status} in ${ms(result.ms)} ${result.body.slice(0, 160)}; ${health}`,
  );
  const flat = catalog(manyKeys(700_000));
  const many = await withHealth(() => loops(3, 5, () => send('POST', '/catalog/search', flat, authed())));
  console.log(
    `2b. /catalog/search, 700,000 keys (${(flat.length / 1e6).toFixed(1)} MB), 3 loops for 5 s: ${many.result}; ${many.health}`,
  );
  // The worst bodies within the limits: the most keys (all distinct, in one object), the most values, the
  // most escapes in 8 MB, each parsed, validated and answered (200: ranked), 5 times each.
  const inLimits: Record<string, string> = {
    '24,980 distinct keys': catalog(manyKeys(24_980)),
    '199,990 numbers': catalog(`{"enum":[${'0,'.repeat(199_980)}0]}`),
    '8 MB of \\u escapes': catalog('{}', '\\u00e9'.repeat(1_390_000)),
  };
  for (const [name, args] of Object.entries(inLimits)) {
    for (const [via, path, body, headers] of [
      ['REST', '/catalog/search', args, authed()],
      ['/mcp', '/mcp', toolCall(args), authed(MCP)],
    ] as const) {
      const times: number[] = [];
      let status = 0;
      const { health } = await withHealth(async () => {
        for (let i = 0; i < 5; i++) {
          const r = await send('POST', path, body, headers);
          status = r.status;
          times.push(r.ms);
        }
      });
      times.sort((a, b) => a - b);
      console.log(
        `   worst in limits, ${via} ${name} (${(body.length / 1e6).toFixed(1)} MB): ${status}, median ${ms(times[2])}, max ${ms(times[4])}; ${health}`,
      );
    }
  }
  // The event loop's share (here, in process): the limits' scan, then the parse.
  const { assertJsonWithinLimits } = await import(resolve(dir, 'src/http/json-limits.ts'));
  for (const [name, args] of Object.entries(inLimits)) {
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      assertJsonWithinLimits(args);
      JSON.parse(args);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`   ${name}: scan and parse in process, median of 7 ${times[3].toFixed(1)} ms`);
  }
  for (const keys of [40_000, 400]) {
    const metaInLimits = toolCall('{"query":["x"],"tools":[]}', `"_meta":${manyKeys(keys, 'm')},`);
    const r = await send('POST', '/mcp', metaInLimits, authed(MCP));
    console.log(`   /mcp _meta of ${keys} keys: ${r.status} in ${ms(r.ms)} ${r.body.slice(0, 150)}`);
  }
}

if (run('3')) {
  for (const query of [
    '/search/messages?query=deploy&count=Infinity',
    '/messages/context?channel=C07ENGINRG&ts=1772721625.344142&before=Infinity&after=Infinity',
    '/messages/context?channel=C07ENGINRG&ts=1772721625.344142&before=-Infinity',
    '/search/messages?query=deploy&count=0x10',
  ]) {
    slack.reset();
    const r = await send('GET', query, undefined, authed());
    const body = JSON.parse(r.body);
    const shown =
      r.status === 200 ? `${(body.messages?.matches ?? body.messages ?? []).length} messages` : body.message;
    console.log(`3. GET ${query}: ${r.status} in ${ms(r.ms)}, ${slack.calls.length} Slack calls: ${shown}`);
  }
  const mcp = await send(
    'POST',
    '/mcp',
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slack_search_messages","arguments":{"query":"deploy","count":1e400}}}',
    authed(MCP),
  );
  console.log(
    `3. /mcp slack_search_messages count 1e400: ${mcp.status} ${JSON.parse(mcp.body).result?.content?.[0]?.text ?? mcp.body}`,
  );
}

if (run('6')) {
  for (const name of ['%23constructor', '%23__proto__', '%23engineering']) {
    slack.reset();
    const r = await send('GET', `/channels/${name}/history?limit=1`, undefined, authed());
    const body = JSON.parse(r.body);
    const history = slack.calls.find((c) => c.method === 'conversations.history');
    console.log(
      `6. GET /channels/${name}/history: ${r.status} ${body.message ?? `channel_name ${body.channel_name}`}; conversations.history channel ${JSON.stringify(history?.params.channel ?? null)}`,
    );
  }
}

if (run('7')) {
  const sockets: Socket[] = [];
  let refused = 0;
  await Promise.all(
    Array.from(
      { length: 1100 },
      () =>
        new Promise<void>((done) => {
          const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' }, () => done());
          socket.on('error', () => {
            refused++;
            done();
          });
          socket.on('close', () => {
            refused++;
          });
          sockets.push(socket);
        }),
    ),
  );
  const { health } = await withHealth(() => new Promise((r) => setTimeout(r, 12_000)));
  console.log(
    `7. 1,100 idle sockets from 127.0.0.2 (${refused} of them closed by the server within 12 s); from 127.0.0.1 meanwhile: ${health}`,
  );
  for (const socket of sockets) socket.destroy();
}

stop();
await slack.close();

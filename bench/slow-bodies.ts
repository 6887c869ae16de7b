// Slow-body attacks against src/server.ts in its own process, through real sockets. `npx tsx bench/slow-bodies.ts`.
// Each attacker declares Content-Length: 100000 and sends one byte a second. Prints how many sockets the
// server still holds after REQUEST_TIMEOUT_MS (+3 s), and whether the process survives 1,100 of them under
// `ulimit -n 1024`, and (D) whether it survives running out of file handles altogether.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/redis-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_TOKEN = 'bench-api-token';
const TIMEOUT_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Server {
  child: ChildProcess;
  port: number;
  exit: { code: number | null; signal: string | null } | undefined;
  stderr: string[];
  stdout: string[];
}

async function startServer(ulimit?: number, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const command = `${ulimit ? `ulimit -n ${ulimit} && ` : ''}exec "${process.execPath}" --import tsx src/server.ts`;
  const child = spawn('sh', ['-c', command], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_TOKENS: API_TOKEN,
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      LOG_LEVEL: 'warn',
      REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      // Every attacker here shares 127.0.0.1: this measures the other bounds (bench/hostile-input.ts item 7 that one).
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { child, port, exit: undefined, stderr: [], stdout: [] };
  child.stderr?.on('data', (d) => server.stderr.push(String(d)));
  child.stdout?.on('data', (d) => server.stdout.push(String(d)));
  child.once('exit', (code, signal) => {
    server.exit = { code, signal };
  });
  for (let i = 0; i < 200; i++) {
    if ((await healthz(port)) === 200) return server;
    await sleep(100);
  }
  throw new Error('the server did not start');
}

async function healthz(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
}

interface Attacker {
  socket: Socket;
  closed: boolean;
  answer: string;
}

function attack(port: number, authenticated: boolean): Attacker {
  const socket = connect(port, '127.0.0.1');
  const a: Attacker = { socket, closed: false, answer: '' };
  socket.on('data', (d) => {
    if (!a.answer) a.answer = d.toString().split('\r\n')[0];
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    a.closed = true;
  });
  const auth = authenticated ? `Authorization: Bearer ${API_TOKEN}\r\n` : '';
  socket.write(
    `POST /catalog/search HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
  );
  return a;
}

async function scenario(
  name: string,
  count: number,
  authenticated: boolean,
  ulimit?: number,
  env: Record<string, string> = {},
) {
  const server = await startServer(ulimit, env);
  const attackers: Attacker[] = [];
  for (let i = 0; i < count; i++) {
    attackers.push(attack(server.port, authenticated));
    if (i % 100 === 99) await sleep(50);
  }
  const trickle = setInterval(() => {
    for (const a of attackers) if (!a.closed) a.socket.write(' ');
  }, 1000);
  await sleep(1000);
  const during = await healthz(server.port);
  await sleep(TIMEOUT_MS + 2000);
  clearInterval(trickle);
  const open = attackers.filter((a) => !a.closed).length;
  const answers = new Map<string, number>();
  for (const a of attackers)
    answers.set(a.answer || '(closed, no answer)', (answers.get(a.answer || '(closed, no answer)') ?? 0) + 1);
  const after = await healthz(server.port);
  const alive = server.exit === undefined;
  console.log(
    `${name}: ${count} slow ${authenticated ? 'authenticated' : 'unauthenticated'} bodies${ulimit ? `, ulimit -n ${ulimit}` : ''}`,
  );
  console.log(
    `  sockets still open ${TIMEOUT_MS / 1000 + 3} s later (REQUEST_TIMEOUT_MS=${TIMEOUT_MS}): ${open}`,
  );
  console.log(`  answers: ${[...answers].map(([k, v]) => `${v} × ${k}`).join('; ')}`);
  console.log(`  /healthz during: ${during}, after: ${after}; process alive: ${alive}`);
  const warnings = server.stdout
    .join('')
    .split('\n')
    .filter((l) => l.includes('"level":40'));
  const reasons = new Set(warnings.map((l) => (JSON.parse(l) as { msg: string }).msg));
  if (reasons.size > 0) console.log(`  warnings logged: ${[...reasons].join('; ')}`);
  if (!alive) console.log(`  exit: ${JSON.stringify(server.exit)} ${server.stderr.join('').slice(-500)}`);
  for (const a of attackers) a.socket.destroy();
  server.child.kill('SIGTERM');
  await new Promise((r) => (server.exit ? r(undefined) : server.child.once('exit', r)));
}

await scenario('A', 200, false);
await scenario('B', 1100, false, 1024);
await scenario('C', 1100, true, 1024);
// Out of file handles on purpose: the cap above the limit, so accept() and the memory sampler hit EMFILE.
await scenario('D', 300, true, 128, { MAX_CONNECTIONS: '1000' });

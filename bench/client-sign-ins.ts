import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_OTHER_USER_ID } from '../fake-slack/index.js';
import { HeadlessBrowser } from '../test/sign-in/browser.js';

/**
 * Signs real MCP clients in against `npm run demo`, at both loopback names. The clients are not our
 * dependencies: install them into a scratch folder and name it:
 *   d=$(mktemp -d) && npm i --prefix $d mcp-remote @openai/codex @google/gemini-cli
 *   CLIENTS=$d npx tsx bench/client-sign-ins.ts
 * Each client prints the authorization URL it would open in a browser; this script is that browser (our consent
 * page approved, the fake Slack's page answered as a demo person) and hands the code to the client's own
 * callback listener. Prints one line per client and host: signed in and listed tools, or what stopped it.
 */
const clients = process.env.CLIENTS;
if (!clients) throw new Error('CLIENTS=<folder where the clients were installed with npm i --prefix>');
const bin = (name: string) => join(clients, 'node_modules', '.bin', name);
const PORT = Number(process.env.PORT ?? 4700);
const SLACK_PORT = PORT + 1;

function outputOf(child: ChildProcess): { text: () => string } {
  let text = '';
  child.stdout?.on('data', (b) => (text += b));
  child.stderr?.on('data', (b) => (text += b));
  return { text: () => text };
}

async function until<T>(what: string, probe: () => T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The URL ends at a space, a quote or a terminal's escape character (ESC, written as \u001b).
const AUTHORIZE = new RegExp(
  `(http://(?:127\\.0\\.0\\.1|localhost):\\d+/oauth/authorize\\?[^\\s"'${String.fromCharCode(27)}]+)`,
);

/** The browser's part: approve, sign in at the fake Slack, and deliver the code to the client's listener. */
async function browse(authorizeUrl: string): Promise<string> {
  const redirect = new URL(authorizeUrl).searchParams.get('redirect_uri') ?? '';
  const browser = new HeadlessBrowser({ user: DEMO_OTHER_USER_ID });
  const back = await browser.follow(authorizeUrl, redirect.split('?')[0] as string);
  const res = await fetch(back, { redirect: 'manual' });
  return `iss=${back.searchParams.get('iss')} callback ${res.status}`;
}

interface Trial {
  client: string;
  command: (url: string, home: string) => { cmd: string; args: string[]; env?: Record<string, string> };
  /** Output that says the client is signed in and talked to the server. */
  done: RegExp;
}

const TRIALS: Trial[] = [
  {
    client: 'mcp-remote (mcp-remote-client)',
    command: (url, home) => ({
      cmd: bin('mcp-remote-client'),
      args: [url],
      env: { MCP_REMOTE_CONFIG_DIR: home },
    }),
    done: /Tools:|tools\/list|slack_search_messages/,
  },
];

async function trial(t: Trial, host: string): Promise<string> {
  const url = `http://${host}:${PORT}/mcp`;
  const home = mkdtempSync(join(tmpdir(), 'client-'));
  const { cmd, args, env } = t.command(url, home);
  const child = spawn(cmd, args, {
    env: { ...process.env, HOME: home, BROWSER: 'true', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out = outputOf(child);
  try {
    const authorize = await until('the authorization URL', () => AUTHORIZE.exec(out.text())?.[1], 60_000);
    const walked = await browse(authorize);
    await until('tools from the server', () => (t.done.test(out.text()) ? true : undefined), 60_000);
    return `signed in (${walked}), listed tools`;
  } catch (err) {
    return `FAILED: ${(err as Error).message}; output tail: ${out.text().slice(-600).replace(/\s+/g, ' ')}`;
  } finally {
    child.kill('SIGTERM');
  }
}

const demo = spawn('npx', ['tsx', 'fake-slack/demo.ts'], {
  env: { ...process.env, PORT: String(PORT), FAKE_SLACK_PORT: String(SLACK_PORT) },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const demoOut = outputOf(demo);
try {
  await until('the demo', () => (demoOut.text().includes('demo is running') ? true : undefined), 60_000);
  for (const t of TRIALS)
    for (const host of ['127.0.0.1', 'localhost'])
      console.log(`${t.client} at ${host}: ${await trial(t, host)}`);
} finally {
  demo.kill('SIGTERM');
}

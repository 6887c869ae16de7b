import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { API_TOKEN, SLACK_TOKEN } from '../helper.js';
import { freePort } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  lines: string[];
  exited: Promise<{ code: number | null; at: number }>;
}

/** src/server.ts in its own process, configured only through its environment, as in production. */
async function startServer(slack: FakeSlack, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_TOKENS: API_TOKEN,
      SLACK_API_URL: slack.url,
      SLACK_USER_TOKEN: SLACK_TOKEN,
      LOG_LEVEL: 'info',
      SLACK_SEARCH_BACKEND: 'legacy',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (buffered + chunk.toString()).split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk}`));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  running.push(child);
  await waitFor(
    () => lines.some((l) => l.includes('Server listening')),
    `the server to listen:\n${lines.join('\n')}`,
    15_000,
  );
  return { child, url: `http://127.0.0.1:${port}`, lines, exited };
}

const running: ChildProcess[] = [];
let slack: FakeSlack;
beforeAll(async () => {
  slack = await startFakeSlack();
});
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  slack.reset();
});
afterAll(() => slack.close());

const headers = { authorization: `Bearer ${API_TOKEN}` };
const messages = (lines: string[]) => lines.flatMap((l) => (l.startsWith('{') ? [JSON.parse(l).msg] : []));

describe('graceful shutdown of src/server.ts', () => {
  it('on SIGTERM refuses new connections, finishes the request in flight, closes Redis and exits 0', async () => {
    const server = await startServer(slack, {
      SHUTDOWN_GRACE_MS: '8000',
      REDIS_URL: inject('redisUrl'),
      KEY_HASH_SECRET: 'graceful-shutdown-test-secret',
    });
    slack.inject({ method: 'search.messages', kind: 'delay', ms: 1500 });
    const inFlight = fetch(`${server.url}/search/messages?query=deploy`, { headers });
    await waitFor(() => slack.count('search.messages') === 1, 'the search to reach Slack');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await waitFor(() => messages(server.lines).includes('closing'), 'the closing log line');
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow('fetch failed');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    const { code, at } = await server.exited;
    expect(code, server.lines.join('\n')).toBe(0);
    expect(at - signalled).toBeGreaterThan(1000);
    expect(at - signalled).toBeLessThan(8000);
  });

  it('exits with code 1 once SHUTDOWN_GRACE_MS has passed, however long a request still takes', async () => {
    const server = await startServer(slack, { SHUTDOWN_GRACE_MS: '1000', REQUEST_DEADLINE_MS: '30000' });
    slack.inject({ method: 'search.messages', kind: 'delay', ms: 20_000 });
    const inFlight = fetch(`${server.url}/search/messages?query=stuck`, { headers }).catch(
      (err: Error) => err,
    );
    await waitFor(() => slack.count('search.messages') === 1, 'the search to reach Slack');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - signalled).toBeGreaterThanOrEqual(1000);
    expect(at - signalled).toBeLessThan(3000);
    expect(messages(server.lines)).toContain('killed by timeout (1000ms)');
    expect(await inFlight).toBeInstanceOf(Error);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD } from '../../fake-slack/index.js';
import { API_TOKEN, buildHarness, get, type Harness, SLACK_TOKEN } from '../helper.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { waitFor } from '../support/wait-for.js';

const LOCK_TTL_MS = 1000;
const THREAD = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;

let server: RedisServer;
let h: Harness;
let raw: Redis;
let child: ChildProcess | undefined;

beforeAll(async () => {
  server = await startRedisServer();
  h = await buildHarness({ redisUrl: server.url, config: { CACHE_LOCK_TTL_MS: LOCK_TTL_MS } });
  raw = new Redis(server.url);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await h.close();
  raw.disconnect();
  await server.stop();
});

/** Another replica, in its own process, whose thread read hangs inside Slack. */
function startReplica(): ChildProcess {
  const script = fileURLToPath(new URL('../support/app-process.ts', import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', script, THREAD], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH,
      API_TOKENS: API_TOKEN,
      SLACK_USER_TOKEN: SLACK_TOKEN,
      SLACK_API_URL: h.slack.url,
      REDIS_URL: server.url,
      // Replicas sharing Redis share the key secret, or their keys (and locks) never meet.
      KEY_HASH_SECRET: h.app.config.KEY_HASH_SECRET,
      CACHE_LOCK_TTL_MS: String(LOCK_TTL_MS),
      REQUEST_DEADLINE_MS: '60000',
      LOG_LEVEL: 'silent',
    },
  });
}

describe('a lock holder killed mid-call', () => {
  it('holds the others back only until its lock expires; then one of them calls Slack', async () => {
    h.slack.inject({ kind: 'delay', ms: 60_000, method: 'conversations.replies' });
    child = startReplica();
    await waitFor(() => h.slack.count('conversations.replies') === 1, 'the replica’s Slack call', 15_000);
    const [lock] = await raw.keys('{as:v1:conversations.replies:*}:lock');
    expect(lock).toBeDefined();
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    const responses = await Promise.all(Array.from({ length: 10 }, () => get(h.app, THREAD)));
    // Until one of them calls Slack again (the answers then also wait for users' names).
    const waited = (h.slack.calls.filter((c) => c.method === 'conversations.replies')[1]?.at ?? 0) - killedAt;

    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    for (const r of responses) expect(r.body).toEqual(responses[0].body);
    expect((responses[0].body.messages as unknown[]).length).toBe(DEMO_LONG_THREAD.replyCount + 1);
    expect(h.slack.count('conversations.replies')).toBe(2);
    // The dead holder's lock had at most LOCK_TTL_MS left (it was renewed every third of that).
    expect(waited).toBeGreaterThan(400);
    expect(waited).toBeLessThan(LOCK_TTL_MS + 500);
    expect(await raw.exists(lock)).toBe(0);
  });
});

// `npx tsx bench/sign-in.ts`: the figures of Sign in with Slack, on two replicas sharing one redis-server
// against the fake Slack: (1) the rotation run: right after Slack tokens expire, concurrent searches on both
// replicas (statuses, Slack refresh count); (2) revocation by a signed tokens_revoked event delivered to one
// replica: seconds until the other answers 401 (median of rounds); (3) the scan: every Redis key and value and
// every log line at LOG_LEVEL=debug searched for every Slack token, refresh token, client secret and token we
// issued.
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import {
  DEMO_OTHER_TOKEN,
  DEMO_OTHER_USER_ID,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  deliverEvent,
  tokensRevokedEvent,
} from '../fake-slack/index.js';
import { API_TOKEN } from '../test/helper.js';
import {
  CLIENT_SECRET,
  ENCRYPTION_KEY,
  KEY_SECRET,
  SIGNING_SECRET,
  startOAuthSlack,
  startReplica,
} from '../test/sign-in/sign-in-harness.js';
import { searchAs, signInWithSdk } from '../test/sign-in/sign-in-steps.js';
import { startRedisServer } from '../test/support/redis-server.js';

const LIFETIME_S = 3;
const PEOPLE = [DEMO_USER_ID, DEMO_OTHER_USER_ID];
const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)] as number;

const logs: string[] = [];
const sink = new Writable({
  write(chunk, _e, done) {
    logs.push(String(chunk));
    done();
  },
});
const redis = await startRedisServer();
const slack = await startOAuthSlack({ tokenLifetimeS: LIFETIME_S });
const debug = { config: { LOG_LEVEL: 'debug' as const }, logger: { stream: sink } };
const a = await startReplica({ slack, redisUrl: redis.url, ...debug });
const b = await startReplica({ slack, redisUrl: redis.url, sameServiceAs: a, ...debug });
const issued: string[] = [];

try {
  // (1) Rotation: 3 rounds; each signs two people in, waits until their Slack tokens expire, then 40 searches.
  console.log(`## Rotation: Slack tokens living ${LIFETIME_S} s, two replicas on one Redis`);
  console.log('| round | requests (A+B) | statuses | Slack refreshes | refused refreshes |');
  console.log('| --- | --- | --- | --- | --- |');
  for (let round = 1; round <= 3; round++) {
    const people = await Promise.all(PEOPLE.map((u) => signInWithSdk(a.base, u)));
    for (const p of people) issued.push(p.tokens.access_token, p.tokens.refresh_token as string);
    const before = { ...slack.oauth.refreshes };
    await sleep(LIFETIME_S * 1000 + 100);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        // Replicas alternate every request, people every two: each person's searches hit both replicas.
        searchAs(
          i % 2 ? b.base : a.base,
          (people[(i >> 1) % 2] as (typeof people)[number]).tokens.access_token,
          `deploy ${round} ${i}`,
        ),
      ),
    );
    const counts = new Map<number, number>();
    for (const r of answers) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    const statuses = [...counts].map(([status, n]) => `${n}×${status}`).join(', ');
    console.log(
      `| ${round} | 40 (20 on A, 20 on B; 2 people, 20 each, on both) | ${statuses} | ${slack.oauth.refreshes.ok - before.ok} | ${slack.oauth.refreshes.refused - before.refused} |`,
    );
  }

  // (2) Revocation by event: delivered to A, polled on B until 401.
  console.log(
    '\n## Revocation by a signed tokens_revoked event (delivered to replica A; B polled every 5 ms)',
  );
  const seconds: number[] = [];
  for (let round = 0; round < 7; round++) {
    const { tokens } = await signInWithSdk(a.base, DEMO_OTHER_USER_ID);
    issued.push(tokens.access_token, tokens.refresh_token as string);
    if ((await searchAs(b.base, tokens.access_token, `launch ${round}`)).status !== 200)
      throw new Error('not signed in');
    const start = performance.now();
    const ack = await deliverEvent(
      `${a.base}/slack/events`,
      SIGNING_SECRET,
      tokensRevokedEvent(DEMO_TEAM_ID, [DEMO_OTHER_USER_ID]),
    );
    let status = 200;
    while (status !== 401) {
      status = (await searchAs(b.base, tokens.access_token, `launch poll ${round}`)).status;
      if (status !== 401) await sleep(5);
    }
    seconds.push((performance.now() - start) / 1000);
    if (ack.status !== 200) throw new Error(`event answered ${ack.status}`);
  }
  console.log(
    `seconds from delivery to B's first 401, 7 rounds: ${seconds.map((s) => s.toFixed(3)).join(', ')}; median ${median(seconds).toFixed(3)} s`,
  );

  // (4, before the scan) What a signed-in request costs: a cached search with a person's token (three record
  // reads and an AES-GCM open in Redis' replica) against the same search with an API token and X-Slack-Token.
  const { tokens: timed } = await signInWithSdk(a.base, DEMO_USER_ID);
  issued.push(timed.access_token, timed.refresh_token as string);
  const cached = async (headers: Record<string, string>) => {
    const res = await fetch(`${a.base}/search/messages?query=deploy%20cost&count=3`, { headers });
    await res.arrayBuffer();
    return res.status;
  };
  const person = { authorization: `Bearer ${timed.access_token}` };
  const service = { authorization: `Bearer ${API_TOKEN}`, 'x-slack-token': DEMO_OTHER_TOKEN };
  await cached(person);
  await cached(service);
  const rounds: Array<{ person: number; service: number }> = [];
  for (let round = 0; round < 5; round++) {
    const time = async (headers: Record<string, string>) => {
      const start = performance.now();
      for (let i = 0; i < 200; i++) if ((await cached(headers)) !== 200) throw new Error('not 200');
      return (performance.now() - start) / 200;
    };
    rounds.push({ service: await time(service), person: await time(person) });
  }
  const p = median(rounds.map((r) => r.person));
  const svc = median(rounds.map((r) => r.service));
  console.log(
    '\n## What a signed-in request costs (cached search, replica A on Redis, 200 sequential requests, 5 rounds)',
  );
  console.log(
    `median ms per request: API token + X-Slack-Token ${svc.toFixed(2)}, signed-in person ${p.toFixed(2)} (×${(p / svc).toFixed(2)})`,
  );

  // (3) The scan.
  const client = new Redis(redis.url);
  const keys = await client.keys('*');
  const values = await Promise.all(
    keys.map(async (k) =>
      (await client.type(k)) === 'string' ? await client.get(k) : JSON.stringify(await client.smembers(k)),
    ),
  );
  client.disconnect();
  const dump = keys.map((k, i) => `${k} ${values[i]}`).join('\n');
  const slackSecrets = [
    ...slack.workspace.tokens.map((t) => t.token).filter((t) => !t.includes('-demo')),
    ...slack.oauth.refreshTokens.keys(),
  ];
  const secrets = [...slackSecrets, ...issued, CLIENT_SECRET, SIGNING_SECRET, ENCRYPTION_KEY, KEY_SECRET];
  const text = logs.join('');
  const found = secrets.filter((s) => dump.includes(s) || text.includes(s));
  console.log('\n## Scan of Redis and the logs (LOG_LEVEL=debug, both replicas)');
  console.log(
    `Redis: ${keys.length} keys (${keys.filter((k) => k.startsWith('as:v1:si:')).length} sign-in records), ${dump.length} bytes; logs: ${logs.length} lines (${logs.filter((l) => l.includes('"level":20')).length} debug), ${text.length} bytes`,
  );
  console.log(
    `secrets looked for: ${secrets.length} (${slackSecrets.filter((s) => s.startsWith('xoxe.xoxp')).length} Slack access tokens, ${slackSecrets.filter((s) => s.startsWith('xoxe-1')).length} Slack refresh tokens, ${issued.length} tokens we issued, client secret, signing secret, encryption key, hash key); found: ${found.length}; "[Redacted]" in the logs: ${text.split('[Redacted]').length - 1}`,
  );
  if (found.length > 0) process.exitCode = 1;
} finally {
  await a.app.close();
  await b.app.close();
  await slack.close();
  await redis.stop();
}

// `tsx bench/access-changes.ts`: issue 28's items 4 and 5 against the app built in process (SERVER_DIR:
// another checkout's, for a before/after comparison) and the fake Slack, on a simulated clock.
// 4. A non-member's failed read of a private channel, then a member's read: the channel's name.
// 5. A member removed from a private channel, and a revoked token: how long each still reads (simulated s),
//    and what honouring that costs: Slack calls in a simulated hour of one read every 10 s, and latency.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.SERVER_DIR ?? resolve(import.meta.dirname, '..');
const load = (path: string) => import(pathToFileURL(resolve(dir, path)).href);
const { buildApp } = await load('src/app.ts');
const { loadConfig } = await load('src/config.ts');
const fake = await load('fake-slack/index.ts');

const PRIVATE = 'C07LAUNCHQ';
const PUBLIC = 'C07ENGINRG';
let now = Date.now();
const slack = await fake.startFakeSlack({ port: 0 });
const app = await buildApp({
  config: loadConfig({ API_TOKENS: 't', SLACK_USER_TOKEN: fake.DEMO_USER_TOKEN, SLACK_API_URL: slack.url }),
  logger: false,
  clock: () => now,
});
const read = async (channel: string, token?: string) => {
  const started = performance.now();
  const res = await app.inject({
    url: `/channels/${channel}/history?limit=5`,
    headers: { authorization: 'Bearer t', ...(token ? { 'x-slack-token': token } : {}) },
  });
  const body = res.json();
  return {
    status: res.statusCode,
    cache: String(res.headers['x-cache'] ?? ''),
    name: body.channel_name,
    ms: performance.now() - started,
  };
};
const other = fake.DEMO_OTHER_TOKEN;

const refused = await read(PRIVATE);
const member = await read(PRIVATE, other);
console.log(
  `4. non-member read ${refused.status}; then a member's: ${member.status}, channel_name ${JSON.stringify(member.name)}`,
);

/** Simulated seconds until `probe` stops answering 200 (checked every 5 s, at most 2 h). */
async function secondsUntilRefused(channel: string, token: string): Promise<string> {
  const start = now;
  for (let s = 0; s <= 7200; s += 5) {
    now = start + s * 1000;
    const r = await read(channel, token);
    if (r.status !== 200) return `${r.status} after ${s} s`;
  }
  return 'still 200 after 7200 s';
}

now += 3_600_000;
await read(PRIVATE, other);
now += 1000;
const warm = await read(PRIVATE, other);
slack.workspace.channels.find((c: { id: string }) => c.id === PRIVATE).members = slack.workspace.channels
  .find((c: { id: string }) => c.id === PRIVATE)
  .members.filter((id: string) => id !== fake.DEMO_OTHER_USER_ID);
console.log(
  `5a. removed member (cached read before: ${warm.status} ${warm.cache}): ${await secondsUntilRefused(PRIVATE, other)}`,
);

now += 3_600_000;
await read(PUBLIC, other);
now += 1000;
const warmPublic = await read(PUBLIC, other);
slack.workspace.tokens.find((t: { token: string }) => t.token === other).status = 'revoked';
console.log(
  `5b. revoked token (cached read before: ${warmPublic.status} ${warmPublic.cache}): ${await secondsUntilRefused(PUBLIC, other)}`,
);

// Cost: one member reading every 10 s for an hour, a private and a public channel.
slack.workspace.tokens.find((t: { token: string }) => t.token === other).status = 'active';
slack.workspace.channels.find((c: { id: string }) => c.id === PRIVATE).members.push(fake.DEMO_OTHER_USER_ID);
for (const channel of [PRIVATE, PUBLIC]) {
  now += 7_200_000;
  slack.reset();
  const hit: number[] = [];
  const miss: number[] = [];
  for (let s = 0; s < 3600; s += 10) {
    now += 10_000;
    const r = await read(channel, other);
    if (r.status !== 200) throw new Error(`read ${r.status}`);
    (r.cache === 'HIT' ? hit : miss).push(r.ms);
  }
  const byMethod: Record<string, number> = {};
  for (const call of slack.calls) byMethod[call.method] = (byMethod[call.method] ?? 0) + 1;
  const median = (xs: number[]) => (xs.length ? xs.sort((a, b) => a - b)[xs.length >> 1].toFixed(2) : '-');
  console.log(
    `cost ${channel === PRIVATE ? 'private' : 'public '} ${channel}: 360 reads/h → Slack calls ${JSON.stringify(byMethod)}; median ms HIT ${median(hit)} (${hit.length}), refetch ${median(miss)} (${miss.length})`,
  );
}
await app.close();
await slack.close();

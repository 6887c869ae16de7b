// Large directories at Slack's pace (issue 36): a workspace of PEOPLE people and CHANNELS channels behind the
// fake Slack at Tier 2 (users.list and conversations.list 20 calls a minute, per workspace), Slack sending
// at most PAGE entries a page. From a cold start, every POLL_S seconds, the app is asked for the last person,
// the last public and the last private channel, and for two channels' history by #name (one with a
// message, one empty); printed: when each was first found, what `searched` said over time, the Slack calls
// made, and the bytes a directory entry takes in Redis and in the process.
// `node --expose-gc --import tsx bench/directories.ts` (env: PEOPLE=30000 CHANNELS=12000 PAGE=1000
// BACKEND=redis|memory POLL_S=5 MAX_S=900). Runs against any checkout with this fake: `searched` is read
// as the app sends it.

import { WebClient } from '@slack/web-api';
import type { FastifyInstance } from 'fastify';
import { BIG_USER_TOKEN, createBigWorkspace, type FakeSlack, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { createConfiguredRedis, createRedisClient } from '../src/redis/redis-client.js';
import { type RedisServer, startRedisServer } from '../test/support/redis-server.js';
import { formatTable } from './format-table.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PEOPLE = env('PEOPLE', 30_000);
const CHANNELS = env('CHANNELS', 12_000);
const PAGE = env('PAGE', 1000);
const POLL_S = env('POLL_S', 5);
const MAX_S = env('MAX_S', 900);
const BACKEND = process.env.BACKEND === 'memory' ? 'memory' : 'redis';
const TOKEN = 'bench-token';

interface Target {
  name: string;
  url: string;
  /** Whether this answer found what was asked for. */
  found: (status: number, body: Record<string, unknown>) => boolean;
  foundAt?: number;
}

const lastPerson = `person${PEOPLE - 1}`;
const lastPublic = `channel-${CHANNELS - 2}`;
const lastPrivate = `channel-${CHANNELS - 1}`;
const emptyPublic = `channel-${CHANNELS - 3}`;
const names = (body: Record<string, unknown>, list: string) =>
  ((body[list] as Array<{ name?: string }> | undefined) ?? []).map((x) => x.name);

const TARGETS: Target[] = [
  {
    name: `search/users ${lastPerson} (last person)`,
    url: `/search/users?query=${lastPerson}`,
    found: (_, b) => names(b, 'users').includes(lastPerson),
  },
  {
    name: `search/channels ${lastPublic} (last public)`,
    url: `/search/channels?query=${lastPublic}`,
    found: (_, b) => names(b, 'channels').includes(lastPublic),
  },
  {
    name: `search/channels ${lastPrivate} (last private)`,
    url: `/search/channels?query=${lastPrivate}`,
    found: (_, b) => names(b, 'channels').includes(lastPrivate),
  },
  {
    name: `history #${lastPublic} (has a message)`,
    url: `/channels/%23${lastPublic}/history?limit=1`,
    found: (s) => s === 200,
  },
  {
    name: `history #${emptyPublic} (empty channel)`,
    url: `/channels/%23${emptyPublic}/history?limit=1`,
    found: (s) => s === 200,
  },
];

type Searched = { entries: number; complete: boolean; per_minute?: number };

interface Sample {
  t: number;
  people?: Searched;
  channels?: Searched;
}

const heapUsed = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

async function ask(app: FastifyInstance, url: string) {
  const res = await app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Polls every target not found yet until all are found and both directories are complete, or MAX_S. */
async function poll(app: FastifyInstance, started: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  const done = { people: false, channels: false };
  for (;;) {
    const t = (performance.now() - started) / 1000;
    const sample: Sample = { t };
    for (const target of TARGETS) {
      const isPeople = target.url.startsWith('/search/users');
      const isChannels = target.url.startsWith(`/search/channels?query=${lastPublic}`);
      // Searches are asked until their directory is complete (for `searched`), reads by name until found.
      const wanted =
        target.foundAt === undefined || (isPeople && !done.people) || (isChannels && !done.channels);
      if (!wanted) continue;
      const { status, body } = await ask(app, target.url);
      if (target.foundAt === undefined && target.found(status, body)) target.foundAt = t;
      const searched = body.searched as Searched | undefined;
      if (isPeople && searched) [sample.people, done.people] = [searched, searched.complete];
      if (isChannels && searched) [sample.channels, done.channels] = [searched, searched.complete];
    }
    samples.push(sample);
    const allFound = TARGETS.every((x) => x.foundAt !== undefined);
    if ((allFound && done.people && done.channels) || t > MAX_S) return samples;
    await new Promise((resolve) => setTimeout(resolve, POLL_S * 1000));
  }
}

/** Calls Slack saw per list (429s included), the distinct pages among them, and loads from the start. */
function callTable(fake: FakeSlack): string[][] {
  const rows = new Map<string, { calls: number; pages: Set<string>; first: number }>();
  for (const call of fake.calls) {
    if (!['users.list', 'conversations.list', 'search.messages'].includes(call.method)) continue;
    const name =
      call.method === 'conversations.list' ? `conversations.list ${call.params.types}` : call.method;
    const row = rows.get(name) ?? { calls: 0, pages: new Set<string>(), first: 0 };
    row.calls++;
    row.pages.add(call.params.cursor ?? call.params.query ?? '');
    if (call.method !== 'search.messages' && !call.params.cursor) row.first++;
    rows.set(name, row);
  }
  return [...rows].map(([name, r]) => [name, String(r.calls), String(r.pages.size), String(r.first)]);
}

/** Redis bytes of the directory keys, by directory kind: MEMORY USAGE (what Redis holds) and the values' length. */
async function redisBytes(
  url: string,
): Promise<Map<string, { keys: number; memory: number; value: number }>> {
  const client = createRedisClient(url);
  await client.connect();
  const kinds = new Map<string, { keys: number; memory: number; value: number }>();
  try {
    for (const key of await client.keys('*dir*')) {
      const kind = /dir(?:ectory)?:(people|channels-public|channels-private)/.exec(key)?.[1] ?? 'other';
      const row = kinds.get(kind) ?? { keys: 0, memory: 0, value: 0 };
      row.keys++;
      row.memory += Number(await client.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
      row.value += (await client.strlen(key)) || 0;
      kinds.set(kind, row);
    }
  } finally {
    client.disconnect();
  }
  return kinds;
}

const seconds = (t: number | undefined) => (t === undefined ? `not within ${MAX_S} s` : t.toFixed(0));
const searchedText = (s: Searched | undefined) =>
  s ? `${s.entries}${s.complete ? ' (complete)' : ''}${s.per_minute ? `, ${s.per_minute}/min` : ''}` : '–';

/** What `searched` said: a row every 30 s, and when either directory became complete (last value carried on). */
function timeline(samples: Sample[]): string[][] {
  const rows: string[][] = [];
  let [people, channels] = ['–', '–'];
  let next = 0;
  for (const [i, s] of samples.entries()) {
    const [p, c] = [
      s.people ? searchedText(s.people) : people,
      s.channels ? searchedText(s.channels) : channels,
    ];
    const completed =
      p.endsWith('(complete)') !== people.endsWith('(complete)') ||
      c.endsWith('(complete)') !== channels.endsWith('(complete)');
    if (completed || s.t + 0.5 >= next || i === samples.length - 1) {
      rows.push([s.t.toFixed(0), p, c]);
      if (!completed) next = s.t + 30;
    }
    [people, channels] = [p, c];
  }
  return rows;
}

export async function benchDirectories(): Promise<void> {
  const redis: RedisServer | undefined = BACKEND === 'redis' ? await startRedisServer() : undefined;
  const fake = await startFakeSlack({
    workspace: createBigWorkspace({ people: PEOPLE, channels: CHANNELS }),
    rateLimits: true,
    maxListPage: PAGE,
  });
  // The fake indexes its workspace on its first call: not part of what the app holds.
  await new WebClient(BIG_USER_TOKEN, { slackApiUrl: fake.url }).users.list({ limit: 1 });
  fake.reset();
  const config = defaultConfig({
    API_TOKENS: TOKEN,
    SLACK_API_URL: fake.url,
    SLACK_USER_TOKEN: BIG_USER_TOKEN,
    SLACK_SEARCH_BACKEND: 'legacy',
    SLACK_RATE_PRESET: 'tier',
    LOG_LEVEL: 'silent',
    ...(redis ? { REDIS_URL: redis.url } : {}),
  });
  const heapBefore = heapUsed();
  const app = await buildApp({ config, logger: false, redis: createConfiguredRedis(config) });
  await app.ready();
  const started = performance.now();
  const samples = await poll(app, started);
  const heapAfter = heapUsed();
  const lastOf = (pick: (s: Sample) => Searched | undefined) =>
    samples
      .map(pick)
      .filter((x): x is Searched => x !== undefined)
      .pop()?.entries ?? 0;
  const entries = lastOf((s) => s.people) + lastOf((s) => s.channels);
  const bytes = redis ? await redisBytes(redis.url) : undefined;
  console.log(
    `\n## Directories: ${PEOPLE} people, ${CHANNELS} channels, Tier 2, Slack sends ≤ ${PAGE} a page, ${BACKEND} cache\n`,
  );
  console.log(
    formatTable(
      [`asked every ${POLL_S} s`, 'first found (s)'],
      TARGETS.map((x) => [x.name, seconds(x.foundAt)]),
    ),
  );
  console.log('');
  console.log(
    formatTable(
      ['Slack method', 'calls (429s included)', 'distinct pages or queries', 'loads from the first page'],
      callTable(fake),
    ),
  );
  console.log('');
  console.log(formatTable(['s', 'people: searched', 'channels: searched'], timeline(samples)));
  console.log('');
  const perEntry = entries > 0 ? ((heapAfter - heapBefore) / entries).toFixed(0) : '–';
  console.log(
    `Process heap growth: ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB for ${entries} entries searched = ${perEntry} B an entry (the app's whole growth, after GC)`,
  );
  if (bytes) {
    const count: Record<string, number> = {
      people: PEOPLE,
      'channels-public': Array.from({ length: CHANNELS }, (_, i) => i % 10 !== 9).filter(Boolean).length,
      'channels-private': Array.from({ length: CHANNELS }, (_, i) => i % 100 === 99).filter(Boolean).length,
    };
    const rows = [...bytes].map(([kind, b]) => {
      const n = count[kind] ?? 0;
      const per = (x: number) => (n ? (x / n).toFixed(1) : '–');
      return [kind, String(n), String(b.keys), String(b.memory), per(b.memory), per(b.value)];
    });
    console.log('');
    console.log(
      formatTable(
        ['directory', 'entries', 'Redis keys', 'MEMORY USAGE (B)', 'B an entry', 'value B an entry'],
        rows,
      ),
    );
  }
  await app.close();
  await fake.close();
  await redis?.stop();
}

await benchDirectories();

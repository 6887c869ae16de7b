import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BIG_USER_TOKEN,
  createBigWorkspace,
  type FakeSlack,
  type FakeSlackOptions,
  startFakeSlack,
} from '../../fake-slack/index.js';
import { createDirectories, DIRECTORY_FRESH_MS } from '../../src/slack-search/directory.js';
import { searchDirectories } from '../../src/slack-search/directory-page.js';
import { peopleDirectory } from '../../src/slack-search/people-and-channels.js';
import { buildHarness, type Harness } from '../helper.js';
import { REDIS_KINDS, startTestRedis, type TestRedis } from '../support/test-redis.js';

// A directory is stored in pieces under a small head, loaded under a lease, resumed from Slack's cursor by
// whichever process runs next, never started over while under way or after its bound, and refreshed as a
// new generation while the old one answers. 2,500 people; Slack sends 500 a page here (5 pages).

const PEOPLE = 2500;
const fakeOptions = (): FakeSlackOptions => ({
  workspace: createBigWorkspace({ people: PEOPLE, channels: 10 }),
  maxListPage: 500,
});
const access = () => ({ token: BIG_USER_TOKEN, fromCaller: false, deadline: Date.now() + 8000 });
const pagesAsked = (fake: FakeSlack) =>
  fake.calls.filter((c) => c.method === 'users.list').map((c) => c.params.cursor ?? 'first');

/** The people directory as `app`'s reads see it, through a Directories of our own (its own clock, bound). */
function people(app: FastifyInstance, options: { clock?: () => number; maxEntries?: number } = {}) {
  const directories = createDirectories({
    slack: app.slack,
    store: app.cache.store,
    clock: options.clock ?? Date.now,
    maxEntries: options.maxEntries,
  });
  const deps = { slack: app.slack, directories };
  return {
    directories,
    get: async () => peopleDirectory(deps, access(), await app.slack.whoAmI(access())),
  };
}

const found = async (dir: ReturnType<typeof people>, query: string) => {
  const view = await dir.get();
  const { ranked, searched } = searchDirectories([view], query, () => true);
  return { names: ranked.map((r) => r[1]), searched, view };
};

describe('one process (memory cache)', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await buildHarness({ fake: fakeOptions(), config: { SLACK_USER_TOKEN: BIG_USER_TOKEN } });
  });
  afterEach(() => h.close());

  it('stops at its bound, says so, and never starts over after it', async () => {
    const dir = people(h.app, { maxEntries: 1000 });
    await dir.get();
    await dir.directories.settled();
    const first = await found(dir, 'person999');
    expect(first.names).toEqual(['person999']);
    expect(first.searched).toEqual({ entries: 1000, complete: false, bounded: true });
    expect(first.view.status).toBe('HIT');
    expect(await found(dir, 'person1000')).toMatchObject({ names: [] });
    await dir.directories.settled();
    expect(pagesAsked(h.slack)).toEqual(['first', expect.any(String)]);
  });

  it('refreshes a stale directory as a new load while the old answers, then answers from the new one', async () => {
    let now = Date.now();
    const dir = people(h.app, { clock: () => now });
    await dir.get();
    await dir.directories.settled();
    expect(pagesAsked(h.slack)).toHaveLength(5);
    h.slack.workspace.users.push({ id: 'U0NEWCOMER', name: 'newcomer', realName: 'New Comer' });
    try {
      now += DIRECTORY_FRESH_MS + 1;
      const stale = await found(dir, 'newcomer');
      expect({ names: stale.names, status: stale.view.status }).toEqual({ names: [], status: 'STALE' });
      await dir.directories.settled();
      const fresh = await found(dir, 'newcomer');
      expect({ names: fresh.names, status: fresh.view.status, searched: fresh.searched }).toEqual({
        names: ['newcomer'],
        status: 'HIT',
        searched: { entries: PEOPLE + 1, complete: true },
      });
      expect(pagesAsked(h.slack).filter((p) => p === 'first')).toHaveLength(2);
    } finally {
      h.slack.workspace.users.pop();
    }
  });

  it('waits out a rate limit mid-load and goes on from the same cursor', async () => {
    const dir = people(h.app);
    h.slack.inject({ method: 'users.list', kind: 'delay', ms: 50, times: 1 });
    h.slack.inject({ method: 'users.list', kind: 'ratelimit', retryAfter: 1, times: 1 });
    await dir.get();
    await dir.directories.settled();
    const asked = pagesAsked(h.slack);
    // The first page, a 429 on the second, the second again after Retry-After, then the rest.
    expect(asked).toHaveLength(6);
    expect(asked[1]).toBe(asked[2]);
    expect((await found(dir, 'person2499')).names).toEqual(['person2499']);
  });

  it('starts a new load when Slack no longer knows the cursor (invalid_cursor)', async () => {
    const dir = people(h.app);
    h.slack.inject({ method: 'users.list', kind: 'delay', ms: 50, times: 1 });
    h.slack.inject({ method: 'users.list', kind: 'error', error: 'invalid_cursor', times: 1 });
    await dir.get();
    await dir.directories.settled();
    expect(pagesAsked(h.slack).filter((p) => p === 'first')).toHaveLength(2);
    expect((await found(dir, 'person2499')).searched).toEqual({ entries: PEOPLE, complete: true });
  });
});

describe.each(REDIS_KINDS)('replicas sharing %s Redis', (kind) => {
  let redis: TestRedis;
  let fake: FakeSlack;
  const replicas: Harness[] = [];
  const replica = async () => {
    const h = await buildHarness({
      slack: fake,
      ...redis.harness,
      config: { SLACK_USER_TOKEN: BIG_USER_TOKEN },
    });
    replicas.push(h);
    return h;
  };
  beforeAll(async () => {
    redis = await startTestRedis(kind);
    fake = await startFakeSlack(fakeOptions());
  }, 60_000);
  afterAll(async () => {
    await fake.close();
    await redis.stop();
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((h) => h.close()));
    await redis.flush();
    fake.reset();
  });

  it('one loads while the other answers from what is stored; each page is asked for once', async () => {
    const [a, b] = [await replica(), await replica()];
    const [dirA, dirB] = [people(a.app), people(b.app)];
    fake.inject({ method: 'users.list', kind: 'delay', ms: 200, times: 5 });
    await Promise.all([dirA.get(), dirB.get()]);
    await Promise.all([dirA.directories.settled(), dirB.directories.settled()]);
    const asked = pagesAsked(fake);
    expect(asked).toHaveLength(5);
    expect(new Set(asked).size).toBe(5);
    expect((await found(dirB, 'person2499')).searched).toEqual({ entries: PEOPLE, complete: true });
    // Stored as a small head and one piece per page: no value grows with the list.
    const keys = await redis.keys('*directory:people*');
    expect(keys).toHaveLength(6);
    const sizes = await Promise.all(keys.map((k) => redis.client.strlen(k)));
    expect(Math.max(...sizes)).toBeLessThan(70_000);
  });

  it('a load stopped part way (the process closed) is resumed from its cursor by the next process', async () => {
    const a = await replica();
    const dirA = people(a.app);
    fake.inject({ method: 'users.list', kind: 'delay', ms: 300, times: 5 });
    await dirA.get();
    dirA.directories.close();
    await dirA.directories.settled();
    const before = pagesAsked(fake);
    expect(before.length).toBeLessThan(5);
    const b = await replica();
    const dirB = people(b.app);
    const partial = await found(dirB, 'person0');
    expect(partial.searched).toMatchObject({ entries: before.length * 500, complete: false });
    await dirB.directories.settled();
    const asked = pagesAsked(fake);
    expect(asked).toHaveLength(5);
    expect(new Set(asked).size).toBe(5);
    expect((await found(dirB, 'person2499')).names).toEqual(['person2499']);
  });

  it('a piece gone from Redis makes that load unusable: the next search loads anew', async () => {
    const a = await replica();
    const dirA = people(a.app);
    await dirA.get();
    await dirA.directories.settled();
    const [piece] = (await redis.keys('*directory:people*')).filter((k) => k.endsWith(':3'));
    await redis.client.del(piece as string);
    // Another process, holding nothing yet, reads the pieces from Redis.
    const dirB = people((await replica()).app);
    await dirB.get();
    await dirB.directories.settled();
    expect(pagesAsked(fake).filter((p) => p === 'first')).toHaveLength(2);
    expect((await found(dirB, 'person2499')).searched).toEqual({ entries: PEOPLE, complete: true });
  });
});

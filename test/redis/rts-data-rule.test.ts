import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlack } from '../../fake-slack/index.js';
import { AUDIT_KEY } from '../../src/governance/audit/stores.js';
import { authHeaders, buildHarness, get, type Harness } from '../helper.js';
import { REDIS_KINDS, startTestRedis, type TestRedis } from '../support/test-redis.js';

// Slack: "You must not store or copy any of the data retrieved from this API". With Redis on, a
// Real-time Search answer (concise, detailed, with context) leaves no text of Slack's in Redis, while
// the per-user quota is shared there. The same search on search.messages does land in Redis: this test
// would see RTS text if it were stored.

const QUESTION = 'when do we stop shipping to production?';
const FREEZE_TEXT = 'deploy freeze starts Friday';

describe.each(REDIS_KINDS)("Slack's data rule for Real-time Search, with Redis on (%s)", (kind) => {
  let r: TestRedis;
  let a: Harness;
  let b: Harness;
  let offset = 0;
  const clock = () => Date.now() + offset;

  beforeAll(async () => {
    r = await startTestRedis(kind);
    const slack = await startFakeSlack();
    const config = { SLACK_SEARCH_BACKEND: 'auto' } as const;
    a = await buildHarness({ slack, clock, ...r.harness, config });
    b = await buildHarness({ slack, clock, ...r.harness, config });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await a.slack.close();
    await r.stop();
  });
  afterEach(async () => {
    a.slack.reset();
    offset += 61_000;
    await r.flush();
  });

  it('keeps no RTS result in Redis, while a search.messages answer is cached there', async () => {
    const q = encodeURIComponent(QUESTION);
    const answers = [
      await get(a.app, `/search/messages?query=${q}&include_context=true`),
      await get(a.app, `/search/messages?query=${q}&response_format=detailed`),
      await get(a.app, '/search/messages?query=deploy%20freeze&include_context=true'),
    ];
    expect(answers.map((r) => [r.status, r.body.backend])).toEqual([
      [200, 'rts'],
      [200, 'rts'],
      [200, 'rts'],
    ]);
    expect(JSON.stringify(answers)).toContain(FREEZE_TEXT);
    await a.app.audit.trail.flush(); // the audit's records gather a moment before they are written
    const dump = await r.dump();
    expect(dump).toMatch(/as:v1:quota:default:T07ACMEDMO:U07MAYACHN/);
    // No result anywhere, the audit window included: the audit keeps the caller's own query (unless
    // AUDIT_RECORD_QUERIES=false) and how many results came back, never a text nor a result's id or ts.
    expect(dump).not.toContain(FREEZE_TEXT);
    // The concise answers' messages (the detailed one is Slack's own body).
    const returned = [answers[0], answers[2]].flatMap((r) =>
      (r.body.messages as { matches: Array<{ ts: string }> }).matches.map((m) => m.ts),
    );
    expect(returned.length).toBeGreaterThan(0);
    for (const ts of returned) expect(dump).not.toContain(ts);
    // The window's records (JSON in a Redis list, quotes escaped) count them.
    expect(dump).toMatch(/\\"returned\\":\{\\"counts\\":\{\\"messages\\":15,/);
    const cache = dump
      .split('\n')
      .filter((line) => !line.startsWith(`${AUDIT_KEY} `))
      .join('\n');
    expect(cache).not.toContain('freeze');
    expect(cache).not.toContain('shipping');

    // The same words through search.messages (a token without the RTS scopes) are cached: the dump sees text.
    a.slack.workspace.tokens.push({
      token: 'xoxp-demo-legacy-only',
      type: 'user',
      userId: 'U07MAYACHN',
      scopes: ['search:read', 'users:read'],
    });
    const legacy = await get(
      a.app,
      '/search/messages?query=deploy%20freeze',
      authHeaders({ 'x-slack-token': 'xoxp-demo-legacy-only' }),
    );
    expect(legacy.body.backend).toBe('search.messages');
    expect(await r.dump()).toContain(FREEZE_TEXT);
  });

  it('shares the 10-a-minute per-user quota between replicas through Redis', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++)
      statuses.push((await get(a.app, `/search/messages?query=deploy${i}`)).status);
    for (let i = 6; i <= 10; i++)
      statuses.push((await get(b.app, `/search/messages?query=deploy${i}`)).status);
    const eleventh = await get(b.app, '/search/messages?query=deploy11');
    expect(statuses).toEqual(new Array(10).fill(200));
    expect([eleventh.status, eleventh.body.backend]).toEqual([200, 'search.messages']);
    expect(eleventh.body.summary).toMatch(/this user's are spent: search\.messages answered/);
    expect(a.slack.count('assistant.search.context')).toBe(10);
  });
});

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OTHER_TOKEN, DEMO_USER_TOKEN } from '../../fake-slack/index.js';
import type { AuditRecord } from '../../src/governance/audit/record.js';
import { READS } from '../../src/reads/reads.js';
import { githubIssue, slackSend } from '../catalog/fixtures.js';
import { API_TOKEN, authHeaders, buildHarness, type Harness, SLACK_TOKEN } from '../helper.js';
import { keptRecords, lastRecord, steady, textsOf } from './audit-kit.js';

// Each read over REST leaves one audit record of the right whole shape, in the kept window and, the same,
// as a JSON line in AUDIT_LOG; never a text of what was read, never a token.

let h: Harness;
let dir: string;
let logPath: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-rest-'));
  logPath = join(dir, 'audit', 'reads.jsonl');
  h = await buildHarness({ config: { AUDIT_LOG: logPath } });
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

const token = { kind: 'token', id: 'api-token-1' } as const;
const rest = { via: 'rest' } as const;
const ok = (
  read: string,
  params: Record<string, unknown>,
  returned: AuditRecord['returned'],
  more: Partial<AuditRecord> = {},
): AuditRecord => ({
  time: 'T',
  request_id: 'R',
  who: token,
  client: rest,
  read,
  params,
  status: 'ok',
  http_status: 200,
  duration_ms: 0,
  returned,
  backend: null,
  slack_calls: 0,
  cache: 'MISS',
  policy: null,
  ...more,
});
const none = { counts: {}, channels: [], messages: [], files: [], truncated: false };
const ENG = 'C07ENGINRG';

/** Each read: a request, and the record it leaves (time, request id and duration fixed by `steady`). */
const CASES: Array<{ read: string; url: string; record: AuditRecord; body?: unknown }> = [
  {
    read: 'search-messages',
    url: '/search/messages?query=deploy&count=2',
    record: ok(
      'search-messages',
      {
        query: 'deploy',
        count: 2,
        sort: 'score',
        sort_dir: 'desc',
        highlight: true,
        response_format: 'concise',
        to_me: 'false',
        dedupe_threads: false,
        max_text_chars: 1000,
        include_context: false,
      },
      {
        counts: { messages: 2, channels: 1 },
        channels: [ENG],
        messages: [{ channel: ENG, ts: ['1772721625.344142', '1773907567.290812'] }],
        files: [],
        truncated: false,
      },
      { backend: 'search.messages', slack_calls: 5 },
    ),
  },
  {
    read: 'thread-replies',
    url: '/threads/C07INCIDNT/1773133920.004100?limit=2',
    record: ok(
      'thread-replies',
      {
        limit: 2,
        response_format: 'concise',
        max_text_chars: 1000,
        channel: 'C07INCIDNT',
        ts: '1773133920.004100',
      },
      {
        counts: { messages: 2, channels: 1 },
        channels: ['C07INCIDNT'],
        messages: [{ channel: 'C07INCIDNT', ts: ['1773133920.004100', '1773134245.136947'] }],
        files: [],
        truncated: false,
      },
      { slack_calls: 5 },
    ),
  },
  {
    read: 'channel-history',
    url: '/channels/%23engineering/history?limit=2',
    record: ok(
      'channel-history',
      { limit: 2, response_format: 'concise', max_text_chars: 1000, channel: '#engineering' },
      {
        counts: { messages: 2, channels: 1 },
        channels: [ENG],
        messages: [{ channel: ENG, ts: ['1774003716.905740', '1773999181.879054'] }],
        files: [],
        truncated: false,
      },
      { slack_calls: 4 },
    ),
  },
  {
    read: 'message-context',
    url: `/messages/context?url=${encodeURIComponent('https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142')}&before=1&after=1`,
    record: ok(
      'message-context',
      {
        url: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142',
        before: 1,
        after: 1,
        response_format: 'concise',
        max_text_chars: 1000,
      },
      {
        counts: { messages: 7, channels: 1 },
        channels: [ENG],
        messages: [
          {
            channel: ENG,
            ts: [
              '1772714586.312658',
              '1772721625.344142',
              '1772731602.243018',
              '1772722007.472864',
              '1772722169.934860',
              '1772722468.608348',
              '1772722619.228613',
            ],
          },
        ],
        files: [],
        truncated: false,
      },
      { slack_calls: 3 },
    ),
  },
  {
    read: 'search-files',
    url: '/search/files?query=runbook&count=1',
    record: ok(
      'search-files',
      { query: 'runbook', count: 1, response_format: 'concise', max_text_chars: 300 },
      { counts: { files: 1 }, channels: [], messages: [], files: ['F07RUNBOOK'], truncated: false },
      { backend: 'legacy', slack_calls: 1 },
    ),
  },
  {
    read: 'read-file',
    url: '/files/F07RUNBOOK',
    record: ok(
      'read-file',
      { max_text_chars: 8000, offset: 0, response_format: 'concise', file_id: 'F07RUNBOOK' },
      { counts: { files: 1 }, channels: [], messages: [], files: ['F07RUNBOOK'], truncated: false },
      { slack_calls: 1 },
    ),
  },
  {
    read: 'search-channels',
    url: '/search/channels?query=incident',
    record: ok(
      'search-channels',
      { query: 'incident', count: 20, response_format: 'concise', include_archived: false },
      { counts: { channels: 1 }, channels: ['C07INCIDNT'], messages: [], files: [], truncated: false },
      { backend: 'legacy', slack_calls: 1, cache: 'HIT' },
    ),
  },
  {
    read: 'search-users',
    url: '/search/users?query=maya',
    record: ok(
      'search-users',
      {
        query: 'maya',
        count: 20,
        response_format: 'concise',
        include_deleted: false,
        include_bots: false,
        include_email: false,
      },
      { ...none, counts: { users: 1 } },
      { backend: 'legacy', slack_calls: 1, cache: 'HIT' },
    ),
  },
  {
    read: 'search-usergroups',
    url: '/search/usergroups?query=on-call',
    record: ok(
      'search-usergroups',
      { query: 'on-call', include_disabled: false, max_members: 50, count: 20, response_format: 'concise' },
      { ...none, counts: { usergroups: 1 } },
      { slack_calls: 1, cache: 'HIT' },
    ),
  },
  {
    read: 'search-tools',
    url: '/catalog/search',
    body: { query: ['open an issue'], tools: [slackSend, githubIssue] },
    record: ok(
      'search-tools',
      { query: ['open an issue'], tools: '[2 items]' },
      { ...none, counts: { results: 1 } },
      { cache: null },
    ),
  },
];

describe('an audit record per read, over REST', () => {
  it('covers every read', () => {
    expect(CASES.map((c) => c.read)).toEqual(READS.map((r) => r.name));
  });

  const answers: unknown[] = [];
  for (const c of CASES)
    it(`${c.read}: one record, whole, with the request's id`, async () => {
      const before = (await keptRecords(h.app)).length;
      const res = await h.app.inject({
        method: c.body ? 'POST' : 'GET',
        url: c.url,
        headers: authHeaders(),
        ...(c.body ? { payload: c.body } : {}),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      answers.push(res.json());
      const records = await keptRecords(h.app);
      expect(records.length).toBe(before + 1);
      expect(records[0]?.request_id).toBe(res.headers['x-request-id']);
      expect(await lastRecord(h.app)).toEqual(c.record);
    });

  it('a read that fails: its error code and status, nothing returned', async () => {
    const res = await h.app.inject({
      url: '/threads/C07INCIDNT/1111111111.000001',
      headers: authHeaders({ 'x-slack-token': DEMO_OTHER_TOKEN }),
    });
    expect(res.statusCode).toBe(404);
    expect(await lastRecord(h.app)).toEqual({
      ...ok(
        'thread-replies',
        {
          limit: 100,
          response_format: 'concise',
          max_text_chars: 1000,
          channel: 'C07INCIDNT',
          ts: '1111111111.000001',
        },
        null,
        { slack_calls: 2, cache: null },
      ),
      status: 'error',
      http_status: 404,
      error_code: 'AS_ERR_SLACK_NOT_FOUND',
    });
  });

  it('the JSON lines in AUDIT_LOG are the kept records, and hold no text that was read and no token', async () => {
    await h.app.audit.trail.flush();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the sink writes behind
    const lines = readFileSync(logPath, 'utf8').trimEnd().split('\n');
    const kept = await keptRecords(h.app);
    expect(lines.map((line) => JSON.parse(line))).toEqual([...kept].reverse());
    const all = lines.join('\n');
    for (const secret of [API_TOKEN, SLACK_TOKEN, DEMO_OTHER_TOKEN, DEMO_USER_TOKEN, 'xoxp-'])
      expect(all).not.toContain(secret);
    const texts = textsOf(answers);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((text) => all.includes(text))).toEqual([]);
  });
});

describe('AUDIT_RECORD_QUERIES=false', () => {
  it('leaves the query text out, the rest as it is', async () => {
    const quiet = await buildHarness({ slack: h.slack, config: { AUDIT_RECORD_QUERIES: 'false' } });
    try {
      const res = await quiet.app.inject({
        url: '/search/files?query=runbook&count=1',
        headers: authHeaders(),
      });
      expect(res.statusCode).toBe(200);
      const record = steady((await keptRecords(quiet.app))[0] as AuditRecord);
      expect(record.params).toEqual({ count: 1, response_format: 'concise', max_text_chars: 300 });
      expect(JSON.stringify(record)).not.toContain('runbook');
    } finally {
      await quiet.close();
    }
  });
});

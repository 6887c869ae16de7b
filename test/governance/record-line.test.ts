import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../src/governance/audit/record.js';
import { batchOf, paramsJson, partsOf, type RecordParts } from '../../src/governance/audit/record-line.js';

/** One record's line, as its batch writes it (without the newline). */
const recordLine = (parts: RecordParts) => batchOf([parts]).bytes.toString('utf8').slice(0, -1);

// A record's line is written from its parts without building the record: it must be the very JSON the record
// would stringify to (returned last), and keep parameters as the audit promises.

describe('a record line', () => {
  it('keeps parameters bounded: strings cut, lists of 20, nested objects counted, queries left out', () => {
    const params = {
      query: 'secret plans',
      channel: 'C0GENERAL1',
      count: 20,
      include_bots: false,
      cursor: null,
      long: 'x'.repeat(600),
      users: Array.from({ length: 25 }, (_, i) => `U${i}`),
      tools: [{ name: 'a' }, { name: 'b' }],
      nested: { a: 1 },
      missing: undefined,
      'quote"d': 'a\nb',
    };
    const kept = {
      channel: 'C0GENERAL1',
      count: 20,
      include_bots: false,
      cursor: null,
      long: `${'x'.repeat(500)}…`,
      users: [...Array.from({ length: 20 }, (_, i) => `U${i}`), '…and 5 more'],
      tools: '[2 items]',
      nested: '[object]',
      'quote"d': 'a\nb',
    };
    expect(JSON.parse(paramsJson(params, false))).toEqual(kept);
    expect(JSON.parse(paramsJson(params, true))).toEqual({ query: 'secret plans', ...kept });
    expect(paramsJson({}, true)).toBe('{}');
  });

  it('writes scalar parameters as they are, the query only when asked', () => {
    const params = { query: 'deploy', count: 20, highlight: true, cursor: null, skipped: undefined };
    expect(paramsJson(params, true)).toBe('{"query":"deploy","count":20,"highlight":true,"cursor":null}');
    expect(paramsJson(params, false)).toBe('{"count":20,"highlight":true,"cursor":null}');
    expect(JSON.parse(paramsJson({ text: 'y'.repeat(501) }, true))).toEqual({ text: `${'y'.repeat(500)}…` });
  });

  it('keeps at most 40 parameters', () => {
    const many = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`p${i}`, i]));
    expect(Object.keys(JSON.parse(paramsJson(many, true)))).toEqual(
      Array.from({ length: 40 }, (_, i) => `p${i}`),
    );
  });

  it('is the JSON of the record, returned last, for answers and errors', () => {
    const returned = {
      counts: { messages: 1, channels: 1 },
      channels: ['C0GENERAL1'],
      messages: [{ channel: 'C0GENERAL1', ts: ['1700000000.000100'] }],
      files: [],
      truncated: false,
    };
    const ok: AuditRecord = {
      time: '2026-11-28T12:00:00.123Z',
      request_id: 'req-"1"',
      who: { kind: 'person', id: 'T1:U1', team_id: 'T1', user_id: 'U1' },
      client: { via: 'mcp', id: 'client-1', name: 'Claude "Desktop"', mcp_name: 'claude-ai' },
      read: 'search-messages',
      params: { channel: 'C0GENERAL1' },
      status: 'ok',
      http_status: 200,
      duration_ms: 1.25,
      returned,
      backend: 'search.messages',
      slack_calls: 2,
      cache: 'MISS',
      policy: { removed: 1, redacted: { aws_key: 2 } },
    };
    const line = recordLine({
      time: Date.parse(ok.time),
      requestId: ok.request_id,
      who: ok.who,
      client: ok.client,
      readJson: JSON.stringify(ok.read),
      params: ok.params,
      recordQueries: false,
      keptParamsJson: undefined,
      status: 'ok',
      httpStatus: 200,
      durationMs: 1.25,
      backend: 'search.messages',
      slackCalls: 2,
      cache: 'MISS',
      policy: ok.policy,
      returned,
    });
    const { returned: _, ...rest } = ok;
    expect(line).toBe(JSON.stringify({ ...rest, returned }));
    expect(recordLine(partsOf(ok))).toBe(line);

    const failed: AuditRecord = {
      time: ok.time,
      request_id: ok.request_id,
      who: ok.who,
      client: ok.client,
      read: ok.read,
      params: ok.params,
      status: 'error',
      http_status: 403,
      error_code: 'AS_ERR_POLICY_DENIED',
      duration_ms: 1.25,
      returned: null,
      backend: null,
      slack_calls: 2,
      cache: null,
      policy: null,
    };
    const errorLine = recordLine({
      time: Date.parse(ok.time),
      requestId: ok.request_id,
      who: ok.who,
      client: ok.client,
      readJson: JSON.stringify(ok.read),
      params: ok.params,
      recordQueries: false,
      keptParamsJson: undefined,
      status: 'error',
      httpStatus: 403,
      errorCode: 'AS_ERR_POLICY_DENIED',
      durationMs: 1.25,
      backend: null,
      slackCalls: 2,
      cache: null,
      policy: null,
      returned: null,
    });
    const { returned: __, ...failedRest } = failed;
    expect(errorLine).toBe(JSON.stringify({ ...failedRest, returned: null }));
    expect(recordLine(partsOf(failed))).toBe(errorLine);

    // A batch: the lines in UTF-8, each ending with a newline, and the byte where each ends.
    const named = { ...ok, client: { via: 'mcp' as const, name: 'Café “agent”' } };
    const namedLine = recordLine(partsOf(named));
    const batch = batchOf([partsOf(named), partsOf(failed)]);
    const namedBytes = Buffer.byteLength(namedLine);
    expect(namedBytes).toBe(namedLine.length + 1 + 2 + 2);
    expect({ ...batch, bytes: batch.bytes.toString('utf8') }).toEqual({
      bytes: `${namedLine}\n${errorLine}\n`,
      at: [Date.parse(ok.time), Date.parse(ok.time)],
      end: [namedBytes, namedBytes + 1 + errorLine.length],
      faults: [],
    });
    expect(batch.bytes.length).toBe(namedBytes + 1 + errorLine.length + 1);
  });
});

describe('a record line’s time', () => {
  it('is the ISO form of its start, to the millisecond, for any time', () => {
    const times = [0, 5, 45, 999, 1000, 1_772_000_000_007, 1_772_000_000_070, 1_772_000_000_700, -1, -1001];
    for (const time of [...times, ...times.reverse()]) {
      const line = recordLine({
        time,
        requestId: 'r',
        who: { kind: 'local', id: 'stdio:test' },
        client: { via: 'stdio' },
        readJson: '"search-messages"',
        params: {},
        recordQueries: true,
        keptParamsJson: undefined,
        status: 'ok',
        httpStatus: 200,
        durationMs: 0,
        backend: null,
        slackCalls: 0,
        cache: null,
        policy: null,
        returned: null,
      });
      expect(JSON.parse(line).time).toBe(new Date(time).toISOString());
    }
  });
});

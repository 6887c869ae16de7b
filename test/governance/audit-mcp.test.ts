import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport, Client as V2Client } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD, DEMO_USER_TOKEN } from '../../fake-slack/index.js';
import type { AuditRecord } from '../../src/governance/audit/record.js';
import { buildHarness, type Harness } from '../helper.js';
import { bearer, connectHttp, structured } from '../mcp/mcp-client.js';
import { waitFor } from '../support/wait-for.js';
import { keptRecords, lastRecord, steady } from './audit-kit.js';

// The MCP front ends leave the same records as REST, saying so (`via`), with the name the MCP client gave
// itself when the protocol carries it: over stdio (initialize) and on 2026-07-28 requests (their envelope).

let h: Harness;
let base: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'audit-mcp-'));
  h = await buildHarness();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

const { channel, ts } = DEMO_LONG_THREAD;
const THREAD_ARGS = { channel_id: channel, thread_ts: ts, limit: 2 };
/** The record of slack_get_thread_replies with THREAD_ARGS, as any front end leaves it (the REST names). */
const threadRecord = (client: AuditRecord['client'], who: AuditRecord['who'], slack_calls: number) => ({
  time: 'T',
  request_id: 'R',
  who,
  client,
  read: 'thread-replies',
  params: { channel, ts, limit: 2, response_format: 'concise', max_text_chars: 1000 },
  status: 'ok',
  http_status: 200,
  duration_ms: 0,
  returned: {
    counts: { messages: 2, channels: 1 },
    channels: [channel],
    messages: [{ channel, ts: [ts, '1773134245.136947'] }],
    files: [],
    truncated: false,
  },
  backend: null,
  slack_calls,
  cache: slack_calls === 0 ? 'HIT' : 'MISS',
  policy: null,
});
const token = { kind: 'token', id: 'api-token-1' } as const;

describe('an audit record per tool call over /mcp', () => {
  it('2025-11-25 (stateless, SDK 1.x): via mcp, no client name (initialize was another request)', async () => {
    const client = await connectHttp(base);
    try {
      structured(await client.callTool({ name: 'slack_get_thread_replies', arguments: THREAD_ARGS }));
    } finally {
      await client.close();
    }
    const record = await lastRecord(h.app);
    // A cold read: the Slack calls of the thread and its names (the caller, an author, read once for both
    // their name and whether they are a guest).
    expect(record).toEqual(threadRecord({ via: 'mcp' }, token, 6));
  });

  it('2026-07-28 (SDK v2): the name the client sends in every request’s envelope', async () => {
    const client = new V2Client(
      { name: 'audit-v2-agent', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers: bearer() } }),
    );
    try {
      const result = await client.callTool({ name: 'slack_get_thread_replies', arguments: THREAD_ARGS });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    expect(await lastRecord(h.app)).toEqual(
      threadRecord({ via: 'mcp', mcp_name: 'audit-v2-agent' }, token, 0),
    );
  });

  it('a refused tool call (bad arguments) is no read: no record', async () => {
    const before = (await keptRecords(h.app)).length;
    const client = await connectHttp(base);
    try {
      const result = await client.callTool({ name: 'slack_get_thread_replies', arguments: { limit: 2 } });
      expect(result.isError).toBe(true);
    } finally {
      await client.close();
    }
    expect((await keptRecords(h.app)).length).toBe(before);
  });
});

describe('an audit record per tool call over stdio', () => {
  it('the local user, via stdio, the client’s name from initialize; as a JSON line in AUDIT_LOG', async () => {
    const logPath = join(dir, 'stdio-audit.jsonl');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp-stdio.ts'],
      cwd: process.cwd(),
      env: {
        SLACK_USER_TOKEN: DEMO_USER_TOKEN,
        SLACK_API_URL: h.slack.url,
        LOG_LEVEL: 'silent',
        SLACK_SEARCH_BACKEND: 'legacy',
        AUDIT_LOG: logPath,
      },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'audit-stdio-agent', version: '1.0.0' });
    await client.connect(transport);
    try {
      structured(await client.callTool({ name: 'slack_get_thread_replies', arguments: THREAD_ARGS }));
      structured(await client.callTool({ name: 'slack_get_thread_replies', arguments: THREAD_ARGS }));
    } finally {
      await client.close();
    }
    const read = () => readFileSync(logPath, 'utf8');
    await waitFor(() => read().trimEnd().split('\n').length === 2, 'two audit lines');
    const [first, second] = read()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditRecord);
    const local = { kind: 'local', id: `stdio:${userInfo().username}` } as const;
    const client_ = { via: 'stdio', mcp_name: 'audit-stdio-agent' } as const;
    expect(steady(first as AuditRecord)).toEqual(threadRecord(client_, local, 6));
    expect(steady(second as AuditRecord)).toEqual(threadRecord(client_, local, 0));
    // One id per tool call.
    expect(first?.request_id).not.toBe(second?.request_id);
  }, 60_000);
});

describe('the stdio bin and AUDIT_LOG=stdout', () => {
  it('refuses to start, naming the setting: its stdout is MCP’s', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/mcp-stdio.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, AUDIT_LOG: 'stdout', SLACK_USER_TOKEN: DEMO_USER_TOKEN },
      input: '',
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: AUDIT_LOG=stdout cannot be used by agent-search-mcp: its stdout carries MCP messages; give a file path or stderr',
    );
  }, 40_000);
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LONG_THREAD, DEMO_USER_TOKEN, startFakeSlack } from '../../fake-slack/index.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';
import { startRedisServer } from '../support/redis-server.js';
import { catalogTools, connectHttp, MCP_TOOL_NAMES, structured, toolError } from './mcp-client.js';

// The bin as a local MCP client starts it: a child process speaking MCP on stdin/stdout, configured from
// the environment, against the same fake Slack as an in-process app that answers the REST twins.

let h: Harness;
let transport: StdioClientTransport;
let client: Client;
const stderr: string[] = [];
const transportErrors: Error[] = [];

beforeAll(async () => {
  h = await buildHarness();
  transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/mcp-stdio.ts'],
    cwd: process.cwd(),
    env: {
      SLACK_USER_TOKEN: DEMO_USER_TOKEN,
      SLACK_API_URL: h.slack.url,
      LOG_LEVEL: 'info',
      SLACK_SEARCH_BACKEND: 'legacy',
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  client = new Client({ name: 'agent-search-test', version: '1.0.0' });
  client.onerror = (err) => transportErrors.push(err);
  await client.connect(transport);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await h.close();
});

describe('agent-search-mcp over stdio', () => {
  it('lists the same tools as /mcp', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const http = await connectHttp(base);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(MCP_TOOL_NAMES);
      expect(tools).toEqual((await http.listTools()).tools);
    } finally {
      await http.close();
    }
  });

  it('slack_search_messages answers as GET /search/messages does', async () => {
    const result = structured(
      await client.callTool({ name: 'slack_search_messages', arguments: { query: 'deploy', count: 3 } }),
    );
    const rest = await get(h.app, '/search/messages?query=deploy&count=3');
    expect(result.messages).toEqual(rest.body.messages);
    expect(result.query).toBe('deploy');
  });

  it('slack_get_thread_replies answers as GET /threads/:channel/:ts does', async () => {
    const { channel, ts } = DEMO_LONG_THREAD;
    const result = structured(
      await client.callTool({
        name: 'slack_get_thread_replies',
        arguments: { channel_id: channel, thread_ts: ts, limit: 3 },
      }),
    );
    const rest = await get(h.app, `/threads/${channel}/${ts}?limit=3`);
    expect(result).toEqual(rest.body);
  });

  it('search_tools answers as POST /catalog/search does', async () => {
    const args = { query: ['open an issue'], tools: catalogTools };
    const result = structured(await client.callTool({ name: 'search_tools', arguments: args }));
    const rest = await h.app.inject({
      method: 'POST',
      url: '/catalog/search',
      headers: { authorization: 'Bearer test-api-token-7f3a9c', 'content-type': 'application/json' },
      payload: args,
    });
    expect(result).toEqual(rest.json());
  });

  it('turns a Slack 429 into a tool error with when to retry', async () => {
    h.slack.inject({ method: 'search.messages', kind: 'ratelimit', retryAfter: 40 });
    const result = await client.callTool({
      name: 'slack_search_messages',
      arguments: { query: 'stdio ratelimit' },
    });
    expect(toolError(result)).toEqual({
      ...errorBody(
        429,
        'AS_ERR_SLACK_RATE_LIMITED',
        'Slack rate limit for search.messages: retry after 40 s',
      ),
      retryAfterSeconds: 40,
    });
  });

  it('names a bad argument', async () => {
    const result = await client.callTool({
      name: 'slack_get_thread_replies',
      arguments: { channel_id: 'general', thread_ts: DEMO_LONG_THREAD.ts },
    });
    expect(toolError(result)).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'arguments/channel_id must be a conversation id like C0123ABCD'),
    );
  });

  it('keeps stdout for MCP messages: logs go to stderr, no Slack token in them', () => {
    expect(transportErrors).toEqual([]);
    const log = stderr.join('');
    expect(log).toContain('agent-search MCP server on stdio');
    expect(log).not.toContain(DEMO_USER_TOKEN);
  });

  it('exits when the client closes stdin', async () => {
    const pid = transport.pid;
    expect(pid).toBeGreaterThan(0);
    await client.close();
    const alive = () => {
      try {
        process.kill(pid as number, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive()).toBe(false);
  });
});

describe('agent-search-mcp with REDIS_URL', () => {
  it('caches in that Redis', async () => {
    const redis = await startRedisServer();
    const slack = await startFakeSlack();
    const child = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/mcp-stdio.ts'],
      cwd: process.cwd(),
      env: {
        SLACK_USER_TOKEN: DEMO_USER_TOKEN,
        SLACK_API_URL: slack.url,
        REDIS_URL: redis.url,
        KEY_HASH_SECRET: 'stdio-test-key-hash-secret',
        LOG_LEVEL: 'warn',
      },
      stderr: 'ignore',
    });
    const c = new Client({ name: 'agent-search-test', version: '1.0.0' });
    const db = new Redis(redis.url);
    try {
      await c.connect(child);
      expect(await db.dbsize()).toBe(0);
      structured(await c.callTool({ name: 'slack_search_messages', arguments: { query: 'postgres' } }));
      expect(await db.dbsize()).toBeGreaterThan(0);
    } finally {
      db.disconnect();
      await c.close();
      await slack.close();
      await redis.stop();
    }
  }, 60_000);
});

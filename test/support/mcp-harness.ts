import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll } from 'vitest';
import { buildHarness, type Harness, type HarnessOptions } from '../helper.js';
import { connectHttp } from '../mcp/mcp-client.js';

/**
 * For one test file: a harness listening on a free loopback port, with the MCP SDK's client connected to its
 * `/mcp` (REST through `ctx.h.app.inject`, MCP through `ctx.client`); built before the file's tests, closed after.
 */
export function useMcpHarness(options?: HarnessOptions): { h: Harness; client: Client } {
  const ctx = {} as { h: Harness; client: Client };
  beforeAll(async () => {
    ctx.h = await buildHarness(options);
    ctx.client = await connectHttp(await ctx.h.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    await ctx.client.close();
    await ctx.h.close();
  });
  return ctx;
}

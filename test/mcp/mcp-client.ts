import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { READS } from '../../src/reads/reads.js';
import { githubIssue, slackSend, writeFile } from '../catalog/fixtures.js';
import { API_TOKEN } from '../helper.js';

export const bearer = (token = API_TOKEN) => ({ authorization: `Bearer ${token}` });

/** The SDK's own client over Streamable HTTP, connected (initialize + initialized) to `${base}/mcp`. */
export async function connectHttp(base: string, headers: Record<string, string> = bearer()) {
  const client = new Client({ name: 'agent-search-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers } }),
  );
  return client;
}

/** A successful tool result's structured content, after checking the text content carries the same JSON. */
export function structured(result: unknown): Record<string, unknown> {
  const r = result as CallToolResult;
  expect(r.isError, JSON.stringify(r.content).slice(0, 500)).toBeFalsy();
  expect(r.content).toEqual([{ type: 'text', text: JSON.stringify(r.structuredContent) }]);
  return r.structuredContent as Record<string, unknown>;
}

/** A tool error's body (our error body, plus retryAfterSeconds for a rate limit). */
export function toolError(result: unknown): Record<string, unknown> {
  const r = result as CallToolResult;
  expect(r.isError).toBe(true);
  expect(r.structuredContent).toBeUndefined();
  expect(r.content).toHaveLength(1);
  const [item] = r.content;
  if (item.type !== 'text') throw new Error(`expected text content, got ${item.type}`);
  return JSON.parse(item.text) as Record<string, unknown>;
}

/** Every tool, in the order of the list of reads (src/reads/reads.ts). */
export const MCP_TOOL_NAMES = READS.map((read) => read.mcp.tool);

/** The tools of the reads these tests were first written for, in the list's order (a new read adds its own tests). */
export const FIRST_TOOLS = [
  'slack_search_messages',
  'slack_get_thread_replies',
  'slack_get_channel_history',
  'slack_get_message_context',
  'slack_search_files',
  'slack_read_file',
  'slack_search_channels',
  'slack_search_users',
  'search_tools',
];

/** `names` as they stand in `list`: what a listing of all tools holds of them, in its order. */
export const inListOrder = (list: readonly string[], names: readonly string[]) =>
  list.filter((name) => names.includes(name));

export const catalogTools = [slackSend, githubIssue, writeFile];

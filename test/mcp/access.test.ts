import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS } from '../../src/reads/reads.js';
import { API_TOKEN, buildHarness, errorBody, type Harness } from '../helper.js';
import {
  bearer,
  catalogTools,
  connectHttp,
  FIRST_TOOLS,
  inListOrder,
  structured,
  toolError,
} from './mcp-client.js';

const CATALOG_ONLY = 'mcp-catalog-only-0a1b';
const SLACK_ONLY = 'mcp-slack-only-2c3d';
const sha = (t: string) => createHash('sha256').update(t).digest('hex');

let h: Harness;
let base: string;
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mcp-access-')), 'tokens.json');
  writeFileSync(
    file,
    JSON.stringify([
      { name: 'router', sha256: sha(CATALOG_ONLY), projects: '*', access: ['catalog'] },
      { name: 'agent', sha256: sha(SLACK_ONLY), projects: '*', access: ['slack'] },
    ]),
  );
  h = await buildHarness({ config: { API_TOKENS_FILE: file } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

describe('MCP tools and API_TOKENS_FILE access areas', () => {
  it.each([
    [CATALOG_ONLY, ['catalog'], ['search_tools']],
    [
      SLACK_ONLY,
      ['slack'],
      [
        'slack_search_messages',
        'slack_get_thread_replies',
        'slack_get_channel_history',
        'slack_get_message_context',
        'slack_search_files',
        'slack_read_file',
        'slack_search_channels',
        'slack_search_users',
      ],
    ],
    [
      API_TOKEN,
      ['slack', 'catalog'],
      [
        'slack_search_messages',
        'slack_get_thread_replies',
        'slack_get_channel_history',
        'slack_get_message_context',
        'slack_search_files',
        'slack_read_file',
        'slack_search_channels',
        'slack_search_users',
        'search_tools',
      ],
    ],
  ])('tools/list shows token %s the tools of its access areas only', async (token, areas, first) => {
    const client = await connectHttp(base, bearer(token));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(READS.filter((r) => areas.includes(r.area)).map((r) => r.mcp.tool));
      expect(inListOrder(names, FIRST_TOOLS)).toEqual(first);
    } finally {
      await client.close();
    }
  });

  it('a catalog-only token may rank tools but not read Slack', async () => {
    const client = await connectHttp(base, bearer(CATALOG_ONLY));
    try {
      const ranked = structured(
        await client.callTool({ name: 'search_tools', arguments: { query: ['send'], tools: catalogTools } }),
      );
      expect(Array.isArray(ranked.results)).toBe(true);
      const denied = await client.callTool({ name: 'slack_search_messages', arguments: { query: 'deploy' } });
      expect(toolError(denied)).toEqual(
        errorBody(403, 'AS_ERR_ACCESS_FORBIDDEN', 'This token may not use the slack routes'),
      );
      expect(h.slack.count('search.messages')).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('a Slack-only token may read Slack but not rank tools', async () => {
    const client = await connectHttp(base, bearer(SLACK_ONLY));
    try {
      const found = structured(
        await client.callTool({ name: 'slack_search_messages', arguments: { query: 'deploy' } }),
      );
      expect(found.ok).toBe(true);
      const denied = await client.callTool({
        name: 'search_tools',
        arguments: { query: ['send'], tools: catalogTools },
      });
      expect(toolError(denied)).toEqual(
        errorBody(403, 'AS_ERR_ACCESS_FORBIDDEN', 'This token may not use the catalog routes'),
      );
    } finally {
      await client.close();
    }
  });
});

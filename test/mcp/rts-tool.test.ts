import { describe, expect, it } from 'vitest';
import { get } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';
import { structured } from './mcp-client.js';

// slack_search_messages on the Real-time Search API, through the MCP SDK's own client: the tool reports
// backend and semantic, takes include_context, and says so in its description.

const ctx = useMcpHarness({ config: { SLACK_SEARCH_BACKEND: 'rts' } });

describe('slack_search_messages on Real-time Search', () => {
  it('tells agents that a question is searched by meaning, and takes include_context', async () => {
    const { tools } = await ctx.client.listTools();
    const tool = tools.find((t) => t.name === 'slack_search_messages');
    expect(tool?.description).toContain('questions go by meaning if AI search is on');
    // Listed lean (issues 22, 29): a flag carries no default; how to page and which format to pick are said.
    expect(tool?.inputSchema.properties?.include_context).toEqual({
      type: 'boolean',
      description: 'with messages around',
    });
    expect(tool?.inputSchema.properties?.cursor).toEqual({ type: 'string' });
    expect(tool?.inputSchema.properties?.response_format).toEqual({
      enum: ['concise', 'compact', 'detailed'],
      description: 'compact = fewest tokens',
    });
    // Left out of the list, still taken.
    expect(tool?.inputSchema.properties?.dedupe_threads).toBeUndefined();
    const taken = await ctx.client.callTool({
      name: 'slack_search_messages',
      arguments: { query: 'deploy', count: 1, dedupe_threads: true },
    });
    expect(taken.isError).toBeFalsy();
  });

  it('answers a question by meaning with context, as GET /search/messages does', async () => {
    const args = { query: 'when do we stop shipping to production?', count: 2, include_context: true };
    const result = structured(await ctx.client.callTool({ name: 'slack_search_messages', arguments: args }));
    const rest = await get(
      ctx.h.app,
      `/search/messages?query=${encodeURIComponent(args.query)}&count=2&include_context=true`,
    );
    // The same body; only the hint names the MCP tool where REST names its route.
    const summary = String(rest.body.summary).replace(
      'GET /messages/context?url=<permalink>',
      'slack_get_message_context with url=<permalink>',
    );
    expect(summary).not.toBe(rest.body.summary);
    expect(result).toEqual({ ...rest.body, summary });
    expect([result.backend, result.semantic]).toEqual(['rts', true]);
    const [first] = (result.messages as { matches: Array<{ context: { before: unknown[] } }> }).matches;
    expect(first.context.before).toHaveLength(2);
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, buildHarness, get, type Harness } from '../helper.js';
import { connectHttp, structured, toolError } from '../mcp/mcp-client.js';

// slack_search_usergroups through the MCP SDK's own client: the REST body, its hints naming tools.

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await buildHarness({ config: { SLACK_SEARCH_BACKEND: 'auto' } });
  client = await connectHttp(await h.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await client.close();
  await h.close();
});

const call = (args: Record<string, unknown>) =>
  client.callTool({ name: 'slack_search_usergroups', arguments: args });

describe('slack_search_usergroups', () => {
  it('is listed with its arguments, read-only', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'slack_search_usergroups');
    expect({
      title: tool?.title,
      annotations: tool?.annotations,
      input: Object.keys(tool?.inputSchema.properties ?? {}),
      required: tool?.inputSchema.required,
    }).toEqual({
      title: 'Search Slack user groups',
      annotations: { readOnlyHint: true, openWorldHint: true },
      input: ['query', 'include_disabled', 'max_members', 'count', 'cursor', 'response_format'],
      required: undefined,
    });
  });

  it('answers as GET /search/usergroups, its next steps naming tools', async () => {
    const rest = await get(h.app, '/search/usergroups?query=oncall');
    const result = structured(await call({ query: 'oncall' }));
    expect(result).toEqual({
      ...rest.body,
      summary:
        "Found 1 user group. A member's messages: slack_search_messages with from_users=[user_id]. Who they are: slack_search_users with query=user_name.",
    });
    const compact = (await call({ query: 'oncall', response_format: 'compact' })) as CallToolResult;
    const text = (compact.content[0] as { text: string }).text;
    expect(text.split('\n').slice(1)).toEqual(
      (
        await h.app.inject({
          url: '/search/usergroups?query=oncall&response_format=compact',
          headers: authHeaders(),
        })
      ).body
        .split('\n')
        .slice(1),
    );
    expect(text.split('\n')[0]).toBe(result.summary);
  });

  it('words a bad argument and a disabled hint as the tool takes them', async () => {
    expect(toolError(await call({ count: 0 }))).toMatchObject({
      statusCode: 400,
      message: 'arguments/count must be an integer from 1 to 100',
    });
    const design = structured(await call({ query: 'design' }));
    expect(design.summary).toBe(
      'Found 0 user groups. 1 disabled user group left out: include_disabled: true. Try other words, or include_disabled.',
    );
  });
});

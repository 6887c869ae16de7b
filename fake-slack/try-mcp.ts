import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/**
 * `npx tsx fake-slack/try-mcp.ts`: the SDK's own client starts the stdio server on the demo workspace
 * (demo-mcp.ts), lists the tools as a client sees them and calls each once.
 */
const client = new Client({ name: 'try-mcp', version: '1.0.0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', new URL('./demo-mcp.ts', import.meta.url).pathname],
    env: { LOG_LEVEL: 'warn' },
    stderr: 'inherit',
  }),
);
const { tools } = await client.listTools();
console.log('tools/list:');
for (const { name, annotations, inputSchema } of tools)
  console.log(' ', name, JSON.stringify(annotations), Object.keys(inputSchema.properties ?? {}).join(','));

const calls: Array<[string, Record<string, unknown>]> = [
  ['slack_search_messages', { query: 'deploy', count: 2 }],
  ['slack_get_thread_replies', { channel_id: 'C07INCIDNT', thread_ts: '1773133920.004100', limit: 2 }],
  ['slack_get_channel_history', { channel_id: '#incidents', limit: 3 }],
  [
    'slack_get_message_context',
    { url: 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142', before: 2, after: 2 },
  ],
  [
    'search_tools',
    {
      query: ['send', 'slack', 'message'],
      maxResults: 2,
      tools: [
        {
          toolKey: 'a1',
          toolName: 'send_message',
          serverName: 'Slack',
          description: 'Post a message to a Slack channel',
        },
        {
          toolKey: 'b2',
          toolName: 'create_issue',
          serverName: 'GitHub',
          description: 'Open an issue in a repository',
        },
        {
          toolKey: 'c3',
          toolName: 'list_channels',
          serverName: 'Slack',
          description: 'List the channels of a workspace',
        },
      ],
    },
  ],
];
for (const [name, args] of calls) {
  const result = await client.callTool({ name, arguments: args });
  console.log(
    `\n${name} ${JSON.stringify(args)}\n${JSON.stringify(result.structuredContent ?? result.content, null, 2)}`,
  );
}
await client.close();

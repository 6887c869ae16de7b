import { DEMO_USER_TOKEN, startFakeSlack } from './index.js';

/**
 * `npm run -s demo:mcp`: the stdio MCP server (src/mcp-stdio.ts) against the bundled fake Slack workspace,
 * in one process, for a local MCP client or a pipe:
 *   printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' | npm run -s demo:mcp
 */
const slack = await startFakeSlack({ port: 0 });
process.env.SLACK_API_URL = slack.url;
process.env.SLACK_USER_TOKEN = DEMO_USER_TOKEN;
await import('../src/mcp-stdio.js');

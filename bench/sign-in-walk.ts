// The demo walk from a bare MCP client: `npx tsx bench/sign-in-walk.ts` starts `npm run demo` (fake-slack/demo.ts)
// on free ports and signs two demo people in with nothing but HTTP, as an MCP client does it (discovery from the
// 401, registration, PKCE, consent, Slack's page, the code exchange), then calls a tool as each. With a URL
// (`npx tsx bench/sign-in-walk.ts http://localhost:3000`) it walks an `npm run demo` already running there.
import { DEMO_OTHER_USER_ID, DEMO_USER_ID } from '../fake-slack/index.js';
import { authorize, discover, mcpInitialize, mcpTool, register, startDemo } from './demo-sign-in.js';

const step = (line: string) => console.log(line);

/** One person, from a bare client's first request to a tool call. */
async function walk(base: string, user: string, who: string): Promise<string[]> {
  step(`\n## ${who}`);
  const as = await discover(base, step);
  const clientId = await register(as, 'Bare MCP client', step);
  // It searches channels, private ones too: it asks for them (the consent page preselects what it asks).
  const tokens = await authorize(base, as, clientId, { user, ask: 'slack:private' }, step);
  const init = await mcpInitialize(base, tokens.access_token);
  step(`POST /mcp initialize, Bearer → ${init.status}`);
  const call = await mcpTool(base, tokens.access_token, 'slack_search_channels', {
    query: 'launch',
    response_format: 'concise',
  });
  const result = (await call.json()) as {
    result: { structuredContent: { channels: Array<{ name: string }> } };
  };
  const names = result.result.structuredContent.channels.map((c) => c.name);
  step(`tools/call slack_search_channels {query: "launch"} → ${call.status}: ${names.join(', ')}`);
  return names;
}

const given = process.argv[2];
const demo = given ? { base: given.replace(/\/$/, ''), stop: () => {} } : await startDemo();
try {
  console.log(`# Sign-in walk against npm run demo at ${demo.base}`);
  const leo = await walk(demo.base, DEMO_OTHER_USER_ID, 'Leo Park (member of private #launch-q2)');
  const maya = await walk(demo.base, DEMO_USER_ID, 'Maya Chen (not a member)');
  console.log(
    `\n#launch-q2 found by Leo: ${leo.includes('launch-q2')}; by Maya: ${maya.includes('launch-q2')}`,
  );
  if (!leo.includes('launch-q2') || maya.includes('launch-q2')) process.exitCode = 1;
} finally {
  demo.stop();
}

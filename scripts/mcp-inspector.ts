import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { DEMO_OTHER_USER_ID, DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { READS } from '../src/reads/reads.js';
import { signInWithSdk } from '../test/sign-in/sign-in-steps.js';
import { freePort } from '../test/support/redis-server.js';

/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector --cli`, which wants Node >= 22.19) as a client
 * of /mcp (with an API token, and as a person signed in with Slack: the access token our OAuth server gave
 * a client after the consent and the fake Slack's sign-in) and of the stdio bin: each lists the tools and
 * calls slack_search_channels over the bundled fake Slack workspace. Usage: tsx scripts/mcp-inspector.ts
 * <mcp-inspector bin> (scripts/mcp-conformance.sh installs the pinned Inspector beside the suite, then calls this).
 */
const [bin] = process.argv.slice(2);
if (!bin) {
  console.error('usage: tsx scripts/mcp-inspector.ts <path to the mcp-inspector bin>');
  process.exit(2);
}
const run = promisify(execFile);
const API_TOKEN = 'inspector-token';
const oauth = { clientId: 'inspector-run-client', clientSecret: randomBytes(16).toString('hex') };
const slack = await startFakeSlack({ port: 0, oauth });
const env = { SLACK_USER_TOKEN: DEMO_USER_TOKEN, SLACK_API_URL: slack.url, LOG_LEVEL: 'warn' };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const signIn = {
  PUBLIC_URL: base,
  SLACK_CLIENT_ID: oauth.clientId,
  SLACK_CLIENT_SECRET: oauth.clientSecret,
  SLACK_SIGNING_SECRET: randomBytes(16).toString('hex'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  KEY_HASH_SECRET: randomBytes(16).toString('hex'),
};
const config = loadConfig({
  ...env,
  ...signIn,
  LOG_LEVEL: 'error', // not the warning that sign-in keeps its records in memory: one replica here
  API_TOKENS: API_TOKEN,
  HOST: '127.0.0.1',
  PORT: String(port),
});
const app = await buildApp({ config });
await app.listen({ port, host: '127.0.0.1' });
const url = `${base}/mcp`;
// A person (not the API token's Slack user) signs in as an MCP client does; the Inspector then acts as them.
const { tokens } = await signInWithSdk(base, DEMO_OTHER_USER_ID, 'MCP Inspector');

const targets = {
  http: ['--transport', 'http', '--server-url', url, '--header', `Authorization: Bearer ${API_TOKEN}`],
  'http, signed in': [
    '--transport',
    'http',
    '--server-url',
    url,
    '--header',
    `Authorization: Bearer ${tokens.access_token}`,
  ],
  stdio: [
    ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    '--',
    'npx',
    'tsx',
    'src/mcp-stdio.ts',
  ],
};
const expected = READS.map((r) => r.mcp.tool).join(',');
const problems: string[] = [];
for (const [name, target] of Object.entries(targets)) {
  const inspect = async (...args: string[]) =>
    JSON.parse((await run(bin, ['--cli', ...args, ...target], { timeout: 60_000 })).stdout);
  const listed = (await inspect('--method', 'tools/list')).tools
    .map((t: { name: string }) => t.name)
    .join(',');
  if (listed !== expected) problems.push(`${name}: tools/list gave ${listed}`);
  const called = await inspect(
    '--method',
    'tools/call',
    '--tool-name',
    'slack_search_channels',
    '--tool-arg',
    'query=general',
  );
  const found = called.structuredContent?.channels?.map((c: { name: string }) => c.name) ?? [];
  if (called.isError || !found.includes('general'))
    problems.push(`${name}: slack_search_channels gave ${JSON.stringify(called).slice(0, 300)}`);
  console.log(
    `MCP Inspector CLI over ${name}: ${listed.split(',').length} tools, slack_search_channels found ${found.join(', ')}`,
  );
}
await app.close();
await slack.close();
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

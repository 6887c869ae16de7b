import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createRedisClient } from '../src/redis/redis-client.js';
import { DEMO_MCP_TRY, DEMO_TRIES } from './demo/tries.js';
import { DEMO_USER_TOKEN, startFakeSlack } from './index.js';

/**
 * `npm run demo`: the service on PORT (3000) with the in-memory cache (Redis with REDIS_URL), against a
 * bundled fake Slack workspace on FAKE_SLACK_PORT (3001), so every route can be tried without a Slack token.
 */
const DEMO_API_TOKEN = 'demo-token';

/** A taken port is one line naming the setting to change, not an EADDRINUSE stack trace. */
function portTaken(err: unknown, port: number, name: 'PORT' | 'FAKE_SLACK_PORT'): never {
  if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
  console.error(
    `npm run demo: port ${port} (${name}) is already in use; stop what runs there or pick free ports, e.g. PORT=3100 FAKE_SLACK_PORT=3101 npm run demo`,
  );
  process.exit(1);
}

const slackPort = Number(process.env.FAKE_SLACK_PORT ?? 3001);
// The fake's Slack app: people sign in on its page by picking a demo person (no workspace needed).
const DEMO_APP = { clientId: 'demo-client-id', clientSecret: 'demo-client-secret' };
const slack = await startFakeSlack({ port: slackPort, oauth: DEMO_APP }).catch((err) =>
  portTaken(err, slackPort, 'FAKE_SLACK_PORT'),
);
const port = Number(process.env.PORT ?? 3000);
const config = loadConfig({
  ...process.env,
  API_TOKENS: process.env.API_TOKENS ?? DEMO_API_TOKEN,
  SLACK_USER_TOKEN: DEMO_USER_TOKEN,
  SLACK_API_URL: slack.url,
  REDIS_URL: process.env.REDIS_URL,
  // With a Redis the service needs an explicit key secret; the demo's own is fine for a demo.
  KEY_HASH_SECRET:
    process.env.KEY_HASH_SECRET ?? (process.env.REDIS_URL ? 'agent-search-demo-key-secret' : undefined),
  // Sign in with Slack against the fake (docs/sign-in.md). A new key each start: people sign in again.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  SLACK_CLIENT_ID: DEMO_APP.clientId,
  SLACK_CLIENT_SECRET: DEMO_APP.clientSecret,
  SLACK_SIGNING_SECRET: process.env.SLACK_SIGNING_SECRET ?? 'demo-signing-secret',
  TOKEN_ENCRYPTION_KEY: process.env.TOKEN_ENCRYPTION_KEY ?? randomBytes(32).toString('base64'),
});
const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL) : undefined;
const app = await buildApp({ config, redis });
const shutdown = async () => {
  await app.close();
  await slack.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

const base = `http://localhost:${config.PORT}`;
// Fastify names the loopback address first; people should use the name the demo's URLs carry.
const listenTextResolver = (address: string) =>
  new URL(address).hostname === '127.0.0.1'
    ? `Server listening at ${base} (127.0.0.1 works too)`
    : `Server listening at ${address}`;
await app.listen({ port: config.PORT, host: config.HOST, listenTextResolver }).catch(async (err) => {
  await slack.close();
  portTaken(err, config.PORT, 'PORT');
});
const tries = DEMO_TRIES.map(
  (path) => `  curl -s -H 'Authorization: Bearer ${DEMO_API_TOKEN}' '${base}${path}'`,
).join('\n');
console.log(`
agent-search demo is running on ${base} (fake Slack workspace "Acme Demo" at ${slack.url})
Try:
${tries}
  curl -s -H 'Authorization: Bearer ${DEMO_API_TOKEN}' -H 'Accept: application/json, text/event-stream' -H 'Content-Type: application/json' ${base}/mcp -d '${DEMO_MCP_TRY}'
MCP clients: ${base}/mcp with the same Authorization header. API docs: ${base}/docs
Sign in with Slack (docs/sign-in.md): add ${config.PUBLIC_URL}/mcp to an MCP client with no token and it signs
you in (pick a demo person on the fake Slack's page); or open ${config.PUBLIC_URL}/signin for a personal token.
`);

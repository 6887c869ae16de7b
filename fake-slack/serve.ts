import { startFakeSlack } from './index.js';

/**
 * The bundled fake Slack workspace ("Acme Demo") on its own, for docker compose's `demo` profile: the
 * replicas run the production entry point (dist/server.js) with SLACK_API_URL pointing here.
 * `npx tsx fake-slack/serve.ts` (the `demo` image target); FAKE_SLACK_PORT (3001) and FAKE_SLACK_HOST (0.0.0.0) place it.
 */
const slack = await startFakeSlack({
  host: process.env.FAKE_SLACK_HOST ?? '0.0.0.0',
  port: Number(process.env.FAKE_SLACK_PORT ?? 3001),
});
const shutdown = async () => {
  await slack.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
console.log(`fake Slack workspace "Acme Demo" listening at ${slack.url}`);

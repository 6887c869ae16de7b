import type { FastifyInstance } from 'fastify';
import { DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { type Config, defaultConfig } from '../src/config.js';

export const BENCH_API_TOKEN = 'bench-token';

/** The app with defaults (and `overrides`), no log, against the demo workspace as its user; `close` stops both. */
export async function buildDemoApp(
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const slack = await startFakeSlack();
  const config = defaultConfig({
    API_TOKENS: BENCH_API_TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
    // Measures search.messages and its cache; Real-time Search answers are never cached.
    SLACK_SEARCH_BACKEND: 'legacy',
    ...overrides,
  });
  const app = await buildApp({ config, logger: false });
  return {
    app,
    close: async () => {
      await app.close();
      await slack.close();
    },
  };
}

import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type FakeSlack, type FakeSlackOptions, startFakeSlack } from '../fake-slack/index.js';
import { type AppOptions, buildApp } from '../src/app.js';
import { type Config, defaultConfig } from '../src/config.js';
import { createConfiguredRedis } from '../src/redis/redis-client.js';
import { checkConciseBodies } from './support/concise-hook.js';
import { checkResponsesAgainstContract } from './support/contract-hook.js';

export const API_TOKEN = 'test-api-token-7f3a9c';
export const SLACK_TOKEN = 'xoxp-demo-user';

export interface Harness {
  app: FastifyInstance;
  slack: FakeSlack;
  close(): Promise<void>;
}

export interface HarnessOptions {
  config?: Partial<Config>;
  fake?: FakeSlackOptions;
  /** Reuse a running fake Slack (e.g. two app instances against one Slack). */
  slack?: FakeSlack;
  cache?: AppOptions['cache'];
  logger?: AppOptions['logger'];
  clock?: AppOptions['clock'];
  /** Share cache, locks and rate limits through this Redis, as production does with REDIS_URL. */
  redisUrl?: string;
  /** Or through this Redis Cluster (`host:port,…`), as production does with REDIS_CLUSTER_NODES. */
  redisClusterNodes?: string;
  redisBreaker?: AppOptions['redisBreaker'];
  /** Hooks a test adds before the app is ready (e.g. a signed-in person stood in for the sign-in itself). */
  beforeReady?: (app: FastifyInstance) => void;
}

/** The app as production builds it, against a fake Slack on loopback. */
export async function buildHarness(options: HarnessOptions = {}): Promise<Harness> {
  const slack = options.slack ?? (await startFakeSlack(options.fake));
  const config = defaultConfig({
    API_TOKENS: API_TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: SLACK_TOKEN,
    LOG_LEVEL: 'silent',
    // The demo tokens may use both searches; tests of search.messages say so, tests of RTS choose rts/auto.
    SLACK_SEARCH_BACKEND: 'legacy',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(options.redisClusterNodes ? { REDIS_CLUSTER_NODES: options.redisClusterNodes } : {}),
    ...options.config,
  });
  const app = await buildApp({
    config,
    logger: options.logger ?? false,
    cache: options.cache,
    clock: options.clock,
    redis: createConfiguredRedis(config),
    redisBreaker: options.redisBreaker,
  });
  checkResponsesAgainstContract(app);
  checkConciseBodies(app);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    slack,
    close: async () => {
      await app.close();
      if (!options.slack) await slack.close();
    },
  };
}

/** Our error body, whole (`{ statusCode, code, error, message }`); `error` is the status's reason phrase. */
export const errorBody = (statusCode: number, code: string, message: string) => ({
  statusCode,
  code,
  error: STATUS_CODES[statusCode],
  message,
});

export const authHeaders = (extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${API_TOKEN}`,
  ...extra,
});

export async function get(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = authHeaders(),
) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown> };
}

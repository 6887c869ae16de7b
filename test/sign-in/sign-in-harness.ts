import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type FakeOAuthOptions, type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { type AppOptions, buildApp } from '../../src/app.js';
import { type Config, defaultConfig } from '../../src/config.js';
import { createConfiguredRedis } from '../../src/redis/redis-client.js';
import { API_TOKEN } from '../helper.js';
import { checkResponsesAgainstContract } from '../support/contract-hook.js';
import { freePort } from '../support/redis-server.js';

export const CLIENT_ID = 'test-client-id';
export const CLIENT_SECRET = 'test-client-secret-4b1d9e';
export const SIGNING_SECRET = 'test-signing-secret-8c2f7a';
export const ENCRYPTION_KEY = randomBytes(32).toString('base64');
export const KEY_SECRET = 'sign-in-test-key-hash-secret';

/** One replica of the service signing people in against the fake Slack, listening on loopback. */
export interface SignInReplica {
  app: FastifyInstance;
  /** PUBLIC_URL: http://127.0.0.1:<port>. */
  base: string;
  config: Config;
}

export interface SignInOptions {
  slack: FakeSlack;
  redisUrl?: string;
  config?: Partial<Config>;
  logger?: AppOptions['logger'];
  signIn?: AppOptions['signIn'];
  /** The service's clock (tests move it past a window). */
  clock?: AppOptions['clock'];
  /** Another replica of the same service: the same PUBLIC_URL (as behind one load balancer), its own port. */
  sameServiceAs?: SignInReplica;
}

/** The fake Slack with its OAuth app (our client id and secret), the demo workspace. */
export const startOAuthSlack = (oauth: FakeOAuthOptions = {}) =>
  startFakeSlack({ oauth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...oauth } });

/** A replica configured for sign-in (as production is: PUBLIC_URL, the Slack app, the key), listening. */
export async function startReplica(options: SignInOptions): Promise<SignInReplica> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = defaultConfig({
    API_TOKENS: API_TOKEN,
    SLACK_API_URL: options.slack.url,
    LOG_LEVEL: 'silent',
    SLACK_SEARCH_BACKEND: 'legacy',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: options.sameServiceAs?.config.PUBLIC_URL ?? base,
    SLACK_CLIENT_ID: CLIENT_ID,
    SLACK_CLIENT_SECRET: CLIENT_SECRET,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    TOKEN_ENCRYPTION_KEY: ENCRYPTION_KEY,
    KEY_HASH_SECRET: KEY_SECRET,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.config,
  });
  const app = await buildApp({
    config,
    logger: options.logger ?? false,
    redis: createConfiguredRedis(config),
    signIn: options.signIn,
    clock: options.clock,
  });
  checkResponsesAgainstContract(app);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base, config };
}

import type { Logger as SlackLogger, WebClient } from '@slack/web-api';
import type { FastifyBaseLogger } from 'fastify';

export interface ClientPoolOptions {
  slackApiUrl: string;
  /** Upper bound on one HTTP call to Slack, so a call never outlives the request deadline by much. */
  timeoutMs: number;
  logger: FastifyBaseLogger;
  maxClients?: number;
}

/**
 * What the SDK logs, without the payloads: at debug it writes request and response bodies (message text,
 * tokens in form bodies). Only the words before the first colon of a string argument are kept
 * ("http request body", "http response received"), at most 80 characters.
 */
export function summariseSdkLog(args: unknown[]): string {
  const first = args.find((a) => typeof a === 'string') as string | undefined;
  return (first?.split(':')[0] ?? '').slice(0, 80);
}

type Sdk = typeof import('@slack/web-api');

function sdkLogger(sdk: Sdk, log: FastifyBaseLogger): SlackLogger {
  return {
    debug: (...m) => log.debug({ slack: summariseSdkLog(m) }),
    info: (...m) => log.debug({ slack: summariseSdkLog(m) }),
    warn: (...m) => log.warn({ slack: summariseSdkLog(m) }),
    error: (...m) => log.error({ slack: summariseSdkLog(m) }),
    setLevel: () => {},
    getLevel: () => sdk.LogLevel.DEBUG,
    setName: () => {},
  };
}

/**
 * One WebClient per Slack token: the SDK queues calls per client, so one user's rate limit must not stall
 * another's. Rate-limited calls are rejected at once (we wait ourselves, within the deadline), and the
 * retry policy is short instead of the SDK default of 10 retries over ~30 minutes. The SDK is loaded by
 * the first call to Slack, not at start.
 */
export class ClientPool {
  readonly #clients = new Map<string, WebClient>();
  #sdk: Promise<{ sdk: Sdk; logger: SlackLogger }> | undefined;

  constructor(private readonly options: ClientPoolOptions) {}

  async get(identity: string, token: string): Promise<WebClient> {
    this.#sdk ??= import('@slack/web-api').then((sdk) => ({
      sdk,
      logger: sdkLogger(sdk, this.options.logger.child({ component: 'slack-sdk' })),
    }));
    const { sdk, logger } = await this.#sdk;
    let client = this.#clients.get(identity);
    if (client) {
      this.#clients.delete(identity);
    } else {
      client = new sdk.WebClient(token, {
        slackApiUrl: this.options.slackApiUrl,
        rejectRateLimitedCalls: true,
        retryConfig: { retries: 1, factor: 1, minTimeout: 100, maxTimeout: 300 },
        timeout: this.options.timeoutMs,
        logger,
      });
    }
    this.#clients.set(identity, client);
    if (this.#clients.size > (this.options.maxClients ?? 1000)) {
      this.#clients.delete(this.#clients.keys().next().value as string);
    }
    return client;
  }
}

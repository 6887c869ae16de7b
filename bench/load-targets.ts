// The servers the load bench drives, all on 127.0.0.1 in this process: the service against the demo fake
// Slack (rate limits off), and a bare Fastify route as the baseline the ratios are taken against.
import Fastify, { type FastifyInstance } from 'fastify';
import { DEMO_LONG_THREAD, DEMO_USER_TOKEN, type FakeSlack, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { type Config, defaultConfig } from '../src/config.js';

export const BENCH_TOKEN = 'bench-load-token';
export const AUTH = { authorization: `Bearer ${BENCH_TOKEN}` };
export const THREAD_PATH = `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`;

export interface LoadTargets {
  slack: FakeSlack;
  app: FastifyInstance;
  bare: FastifyInstance;
  appUrl: string;
  bareUrl: string;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/**
 * The service as production builds it (default config: info logging, under-pressure on), except that
 * log lines go to a sink instead of stdout so the figures print cleanly.
 */
export async function startLoadTargets(overrides: Partial<Config> = {}): Promise<LoadTargets> {
  const slack = await startFakeSlack();
  const config = defaultConfig({
    API_TOKENS: BENCH_TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
    // Measures search.messages and its cache; Real-time Search answers are never cached.
    SLACK_SEARCH_BACKEND: 'legacy',
    HOST: '127.0.0.1',
    ...overrides,
  });
  const app = await buildApp({ config, logger: { stream: { write: () => {} } } });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const [appUrl, bareUrl] = [await listen(app), await listen(bare)];
  return {
    slack,
    app,
    bare,
    appUrl,
    bareUrl,
    close: async () => {
      await app.close();
      await bare.close();
      await slack.close();
    },
  };
}

const WORDS = ['send', 'post', 'create', 'list', 'read', 'search', 'update', 'delete', 'upload', 'schedule'];
const THINGS = ['message', 'issue', 'file', 'event', 'page', 'ticket', 'user', 'channel', 'invoice', 'repo'];

/** A catalog body with `n` distinct tools over 30 servers, as MCP Router sends them. */
export function catalogBody(n: number): string {
  const tools = Array.from({ length: n }, (_, i) => {
    const verb = WORDS[i % WORDS.length];
    const thing = THINGS[Math.floor(i / WORDS.length) % THINGS.length];
    return {
      toolKey: `tool-${i}`,
      toolName: `${verb}_${thing}_${i}`,
      serverName: `server-${i % 30}`,
      description: `${verb} a ${thing} in service ${i % 30}; returns the ${thing} id and status`,
    };
  });
  return JSON.stringify({ query: ['send a message to a slack channel'], tools, maxResults: 10 });
}

/** One request per scenario must answer 200 before it is measured (and the cache is warm). */
export async function warm(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: string) {
  const headers = { ...AUTH, ...(body ? { 'content-type': 'application/json' } : {}) };
  const res = await app.inject({ method, url, headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
}

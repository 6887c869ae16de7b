// `npx tsx bench/context-read.ts`: what one context read costs against the demo workspace: Slack calls cold
// and warm, concise and detailed bytes, the same read through the MCP SDK client, and the non-Marketplace
// preset's calls, messages and summary.
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DEMO_USER_TOKEN, type FakeSlack, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { type Config, defaultConfig } from '../src/config.js';

const TOKEN = 'bench-token';
/** #engineering's failed deploy: a thread root with 4 replies and channel messages on both sides. */
const THREADED = 'https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142';
/** A deploy notice with 28 channel messages before it (more than Slack's non-Marketplace 15). */
const LATE = 'https://acme-demo.slack.com/archives/C07ENGINRG/p1773651316476577';

async function start(config: Partial<Config> = {}) {
  const slack = await startFakeSlack();
  const app = await buildApp({
    config: defaultConfig({
      API_TOKENS: TOKEN,
      SLACK_API_URL: slack.url,
      SLACK_USER_TOKEN: DEMO_USER_TOKEN,
      ...config,
    }),
    logger: false,
  });
  const close = async () => {
    await app.close();
    await slack.close();
  };
  return { app, slack, close };
}

const tally = (slack: FakeSlack) => {
  const counts: Record<string, number> = {};
  for (const { method } of slack.calls) counts[method] = (counts[method] ?? 0) + 1;
  return counts;
};

async function read(app: Awaited<ReturnType<typeof start>>['app'], query: string) {
  const res = await app.inject({
    url: `/messages/context?${query}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return {
    status: res.statusCode,
    cache: res.headers['x-cache'],
    bytes: Buffer.byteLength(res.body),
    body: res.json(),
  };
}

export async function benchContextRead(): Promise<void> {
  const demo = await start();
  try {
    const q = `url=${encodeURIComponent(THREADED)}`;
    demo.slack.reset();
    const cold = await read(demo.app, q);
    console.log(
      `cold  GET /messages/context?${q}: HTTP ${cold.status}, X-Cache ${cold.cache}, Slack calls`,
      tally(demo.slack),
    );
    demo.slack.reset();
    const warm = await read(demo.app, q);
    console.log(
      `warm  same request: HTTP ${warm.status}, X-Cache ${warm.cache}, Slack calls`,
      tally(demo.slack),
    );
    const detailed = await read(demo.app, `${q}&response_format=detailed`);
    console.log(
      `bytes concise ${cold.bytes}, detailed ${detailed.bytes} (concise = ${((100 * cold.bytes) / detailed.bytes).toFixed(0)}% of detailed)`,
    );
    const b = cold.body;
    const line = (m: { user_name?: string; ts: string; text: string }) =>
      `${m.ts} @${m.user_name}: ${m.text.replace(/\n/g, ' ').slice(0, 60)}`;
    console.log('answer (abbreviated):');
    console.log(`  channel ${b.channel_id} #${b.channel_name}`);
    for (const m of b.before) console.log(`  before  ${line(m)}`);
    console.log(`  message ${line(b.message)} (reply_count ${b.message.reply_count})`);
    for (const m of b.after) console.log(`  after   ${line(m)}`);
    console.log(
      `  thread  ${b.thread.messages.length} messages, has_more ${b.thread.has_more}: "${b.thread.summary}"`,
    );
    console.log(`  summary "${b.summary}"`);

    const base = await demo.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'bench-context', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', base), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    demo.slack.reset();
    const result = await client.callTool({ name: 'slack_get_message_context', arguments: { url: THREADED } });
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? '';
    const mcp = result.structuredContent as typeof b;
    console.log(
      `MCP SDK Client tools/call slack_get_message_context {url}: isError ${result.isError ?? false}, text ${Buffer.byteLength(text)} bytes, Slack calls`,
      tally(demo.slack),
    );
    console.log(
      `  same messages as REST: ${isDeepStrictEqual([mcp.before, mcp.message, mcp.after, mcp.thread], [b.before, b.message, b.after, b.thread])}`,
    );
    console.log(`  summary "${mcp.summary}"`);
    await client.close();
  } finally {
    await demo.close();
  }

  const paced = await start({ SLACK_RATE_PRESET: 'non-marketplace' });
  try {
    for (const [link, query] of [
      [LATE, 'before=20&after=5'],
      [THREADED, 'before=5&after=5'],
    ] as const) {
      paced.slack.reset();
      const r = await read(paced.app, `url=${encodeURIComponent(link)}&${query}`);
      const counts =
        r.status === 200
          ? `before ${r.body.before.length}, after ${r.body.after.length}, thread ${r.body.thread?.messages.length ?? 0}`
          : '';
      console.log(
        `non-Marketplace ${link.slice(-17)} ${query}: HTTP ${r.status}, Slack calls`,
        tally(paced.slack),
        counts,
      );
      console.log(`  ${r.status === 200 ? `summary "${r.body.summary}"` : JSON.stringify(r.body)}`);
    }
  } finally {
    await paced.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchContextRead();

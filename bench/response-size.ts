import { countTokens } from 'gpt-tokenizer';
import { DEMO_CHANNELS, DEMO_LONG_THREAD } from '../fake-slack/index.js';
import { BENCH_API_TOKEN as API_TOKEN, buildDemoApp } from './demo-app.js';
import { formatTable } from './format-table.js';

/** Agent-style searches on the demo workspace (count=20), from broad to narrow (43 down to 4 matches). */
const SEARCHES = [
  'PR',
  'deploy',
  'api',
  'customer',
  'please',
  'staging',
  'test',
  'postgres',
  'alert',
  'incident',
].map((q) => `/search/messages?query=${encodeURIComponent(q)}&count=20`);
const THREADS = [`/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`];

interface Sizes {
  bytes: number;
  tokens: number;
  /** Messages in the body (search matches or thread messages). */
  items: number;
}
type Measure = (url: string) => Promise<Sizes>;
const pct = (saved: number) => `${(saved * 100).toFixed(1)}%`;

/** One table for a group of requests; returns the share of bytes and tokens concise saves over them all. */
async function compare(title: string, urls: string[], measure: Measure) {
  const rows: string[][] = [];
  const sum = { concise: { bytes: 0, tokens: 0 }, detailed: { bytes: 0, tokens: 0 }, items: 0 };
  for (const url of urls) {
    const concise = await measure(url);
    const detailed = await measure(`${url}${url.includes('?') ? '&' : '?'}response_format=detailed`);
    sum.concise.bytes += concise.bytes;
    sum.concise.tokens += concise.tokens;
    sum.detailed.bytes += detailed.bytes;
    sum.detailed.tokens += detailed.tokens;
    sum.items += concise.items;
    const row = [detailed.bytes, concise.bytes, detailed.tokens, concise.tokens].map(String);
    rows.push([url, ...row, pct(1 - concise.bytes / detailed.bytes)]);
  }
  const bytesSaved = 1 - sum.concise.bytes / sum.detailed.bytes;
  const tokensSaved = 1 - sum.concise.tokens / sum.detailed.tokens;
  const total = [sum.detailed.bytes, sum.concise.bytes, sum.detailed.tokens, sum.concise.tokens].map(String);
  rows.push(['ALL', ...total, pct(bytesSaved)]);
  console.log(`\n### ${title}\n`);
  console.log(
    formatTable(['request', 'detailed B', 'concise B', 'detailed tok', 'concise tok', 'bytes saved'], rows),
  );
  console.log(`\nconcise is ${pct(bytesSaved)} smaller in bytes and ${pct(tokensSaved)} smaller in tokens`);
  const perItem = (bytes: number) => Math.round(bytes / sum.items);
  console.log(
    `${sum.items} messages: ${perItem(sum.detailed.bytes)} B each detailed, ${perItem(sum.concise.bytes)} B concise (whole bodies / messages)`,
  );
  return { bytesSaved, tokensSaved };
}

/** Prints concise vs detailed body sizes (bytes and o200k tokens) on the demo workspace. */
export async function benchResponseSize() {
  const { app, close } = await buildDemoApp();
  const measure: Measure = async (url) => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${API_TOKEN}` } });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const body = res.json();
    const items = (body.messages?.matches ?? body.messages ?? []).length;
    return { bytes: Buffer.byteLength(res.body), tokens: countTokens(res.body), items };
  };
  console.log('\n## Response size: concise vs detailed (demo workspace; tokens = o200k_base)');
  const search = await compare(
    'GET /search/messages (target: concise ≥ 85% smaller)',
    [
      ...SEARCHES,
      '/search/messages?to_me=true&count=20',
      `/search/messages?query=deploy&channel_ids=${DEMO_CHANNELS.engineering}`,
    ],
    measure,
  );
  const verdict = search.bytesSaved >= 0.85 && search.tokensSaved >= 0.85 ? 'PASS' : 'FAIL';
  console.log(`search target ≥ 85% in bytes and tokens: ${verdict}`);
  await compare(
    'GET /threads/{channel}/{ts} (informational: the concise thread shape is fixed by the API)',
    THREADS,
    measure,
  );
  await close();
  await compareRts();
  return search;
}

/**
 * The same comparison on Slack's Real-time Search API: detailed is Slack's assistant.search.context body,
 * already lean, so concise saves less. Ten RTS calls (the per-user minute): four searches and a question.
 */
async function compareRts() {
  const { app, close } = await buildDemoApp({ SLACK_SEARCH_BACKEND: 'rts' });
  const measure: Measure = async (url) => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${API_TOKEN}` } });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const body = res.json();
    const items = (body.messages?.matches ?? body.results?.messages ?? []).length;
    return { bytes: Buffer.byteLength(res.body), tokens: countTokens(res.body), items };
  };
  const urls = [
    ...SEARCHES.slice(0, 4),
    `/search/messages?query=${encodeURIComponent('when do we stop shipping to production?')}&count=20`,
  ];
  await compare('GET /search/messages with SLACK_SEARCH_BACKEND=rts (informational)', urls, measure);
  await close();
}

if (import.meta.url === `file://${process.argv[1]}`) await benchResponseSize();

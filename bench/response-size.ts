import { countTokens } from 'gpt-tokenizer';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { DEMO_LONG_THREAD, DEMO_USER_TOKEN, startFakeSlack } from '../src/fake-slack/index.js';
import { formatTable } from './format-table.js';

const API_TOKEN = 'bench-token';

/** Representative agent requests on the demo workspace, 20 matches each. */
const SEARCHES = [
  'deploy',
  'incident',
  'review',
  'database migration',
  'release',
  'customer',
  'latency',
  'on-call',
];

interface Sizes {
  bytes: number;
  tokens: number;
}

/** Prints concise vs detailed body sizes (bytes and o200k tokens) for the demo data. */
export async function benchResponseSize(): Promise<{ bytesSaved: number; tokensSaved: number }> {
  const slack = await startFakeSlack();
  const config = defaultConfig({
    API_TOKENS: API_TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
  });
  const app = await buildApp({ config, logger: false });
  const measure = async (url: string): Promise<Sizes> => {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${API_TOKEN}` } });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return { bytes: Buffer.byteLength(res.body), tokens: countTokens(res.body) };
  };
  const urls = [
    ...SEARCHES.map((q) => `/search/messages?query=${encodeURIComponent(q)}&count=20`),
    '/search/messages?to_me=true&count=20',
    `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`,
  ];
  const rows: string[][] = [];
  const total = { concise: { bytes: 0, tokens: 0 }, detailed: { bytes: 0, tokens: 0 } };
  for (const url of urls) {
    const concise = await measure(url);
    const detailed = await measure(`${url}&response_format=detailed`.replace('?&', '?'));
    for (const [k, v] of [
      ['concise', concise],
      ['detailed', detailed],
    ] as const) {
      total[k].bytes += v.bytes;
      total[k].tokens += v.tokens;
    }
    const saved = 1 - concise.bytes / detailed.bytes;
    rows.push([
      url,
      `${detailed.bytes}`,
      `${concise.bytes}`,
      `${detailed.tokens}`,
      `${concise.tokens}`,
      `${(saved * 100).toFixed(1)}%`,
    ]);
  }
  const bytesSaved = 1 - total.concise.bytes / total.detailed.bytes;
  const tokensSaved = 1 - total.concise.tokens / total.detailed.tokens;
  rows.push([
    'ALL',
    `${total.detailed.bytes}`,
    `${total.concise.bytes}`,
    `${total.detailed.tokens}`,
    `${total.concise.tokens}`,
    `${(bytesSaved * 100).toFixed(1)}%`,
  ]);
  console.log('\n## Response size: concise vs detailed (demo workspace, tokens = o200k_base)\n');
  console.log(
    formatTable(['request', 'detailed B', 'concise B', 'detailed tok', 'concise tok', 'bytes saved'], rows),
  );
  console.log(
    `\nconcise is ${(bytesSaved * 100).toFixed(1)}% smaller in bytes and ${(tokensSaved * 100).toFixed(1)}% smaller in tokens (target ≥ 85%): ${bytesSaved >= 0.85 && tokensSaved >= 0.85 ? 'PASS' : 'FAIL'}`,
  );
  await app.close();
  await slack.close();
  return { bytesSaved, tokensSaved };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchResponseSize();

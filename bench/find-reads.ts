import { DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { buildApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';

/**
 * `npx tsx bench/find-reads.ts`: each file, channel and people read against the demo workspace, on both
 * backends: its answer (abbreviated), and the Slack calls it made cold and warm (same request again).
 */
const TOKEN = 'bench-token';
const READS = [
  '/search/files?query=runbook&types=canvases&count=2',
  '/files/F07RUNBOOK',
  '/search/channels?query=incident',
  '/search/users?query=reliability',
];

for (const backend of ['legacy', 'auto'] as const) {
  const slack = await startFakeSlack();
  const config = defaultConfig({
    API_TOKENS: TOKEN,
    SLACK_API_URL: slack.url,
    SLACK_USER_TOKEN: DEMO_USER_TOKEN,
    SLACK_SEARCH_BACKEND: backend,
  });
  const app = await buildApp({ config, logger: false });
  console.log(`\n=== SLACK_SEARCH_BACKEND=${backend}`);
  for (const path of READS) {
    for (const format of ['concise', 'compact']) {
      const url = `${path}${path.includes('?') ? '&' : '?'}response_format=${format}`;
      const calls: string[][] = [];
      for (let round = 0; round < 2; round++) {
        slack.reset();
        const res = await app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
        calls.push(
          slack.calls.map((c) =>
            c.method === 'conversations.list' ? `${c.method}(${c.params.types})` : c.method,
          ),
        );
        if (round === 0) {
          const body = res.body.length > 700 ? `${res.body.slice(0, 700)}…` : res.body;
          console.log(
            `\nGET ${url} → ${res.statusCode} X-Cache ${res.headers['x-cache']} (${res.body.length} B)\n${body}`,
          );
        }
      }
      console.log(
        `Slack calls cold: ${calls[0]?.join(', ') || 'none'}\nSlack calls warm: ${calls[1]?.join(', ') || 'none'}`,
      );
    }
  }
  await app.close();
  await slack.close();
}

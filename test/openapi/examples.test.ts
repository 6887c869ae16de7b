import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyExamples } from '../../src/reads/channel-history/examples.js';
import { contextExamples } from '../../src/reads/message-context/examples.js';
import { searchExamples } from '../../src/reads/search-messages/examples.js';
import { threadExamples } from '../../src/reads/thread-replies/examples.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

// The concise examples in the OpenAPI document are real answers on the demo workspace (`npm run demo`):
// replay each one's request and compare whole bodies, so the docs cannot drift from the service.
// Detailed examples are trimmed Slack bodies and are checked against their schema only (lint.test.ts).

let h: Harness;
let rts: Harness;
beforeAll(async () => {
  h = await buildHarness();
  rts = await buildHarness({ slack: h.slack, config: { SLACK_SEARCH_BACKEND: 'rts' } });
});
afterAll(async () => {
  await rts.close();
  await h.close();
});

const concise = [
  searchExamples.semantic,
  searchExamples.concise,
  threadExamples.concise,
  historyExamples.concise,
  contextExamples.concise,
].map((e) => [e.summary, e.value] as const);

describe('OpenAPI concise examples', () => {
  it.each(concise)('%s answers exactly the documented body', async (summary, value) => {
    const url = summary?.replace(/^GET /, '').replace(/ \(SLACK_SEARCH_BACKEND=legacy\)$/, '') ?? '';
    const app = (value as { backend?: string }).backend === 'rts' ? rts.app : h.app;
    const res = await app.inject({ url, headers: authHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(value);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyCompactExample, historyExamples } from '../../src/reads/channel-history/examples.js';
import { contextExamples } from '../../src/reads/message-context/examples.js';
import { fileCompactExample, fileExamples } from '../../src/reads/read-file/examples.js';
import { channelsCompactExample, channelsExamples } from '../../src/reads/search-channels/examples.js';
import { filesCompactExample, filesExamples } from '../../src/reads/search-files/examples.js';
import { searchCompactExample, searchExamples } from '../../src/reads/search-messages/examples.js';
import { usersCompactExample, usersExamples } from '../../src/reads/search-users/examples.js';
import { threadCompactExample, threadExamples } from '../../src/reads/thread-replies/examples.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

// The concise and compact examples in the OpenAPI document are real answers on the demo workspace
// (`npm run demo`): replay each one's request and compare whole bodies, so the docs cannot drift from the
// service. Detailed examples are trimmed Slack bodies and are checked against their schema only
// (lint.test.ts), as is the compact context example (its link is shortened to `url=…`).

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
  filesExamples.concise,
  fileExamples.canvas,
  fileExamples.pdf,
  channelsExamples.concise,
  usersExamples.concise,
].map((e) => [e.summary, e.value] as const);

const compact = [
  searchCompactExample,
  threadCompactExample,
  historyCompactExample,
  filesCompactExample,
  fileCompactExample,
  channelsCompactExample,
  usersCompactExample,
].map((e) => [e.summary, e.value] as const);

/** `GET /files/F07VENDPDF (metadata only)` → `/files/F07VENDPDF`. */
const urlOf = (summary: string | undefined) => summary?.replace(/^GET /, '').replace(/ \(.*\)$/, '') ?? '';

describe('OpenAPI concise examples', () => {
  it.each(concise)('%s answers exactly the documented body', async (summary, value) => {
    const app = (value as { backend?: string }).backend === 'rts' ? rts.app : h.app;
    const res = await app.inject({ url: urlOf(summary), headers: authHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(value);
  });
});

describe('OpenAPI compact examples', () => {
  it.each(compact)('%s answers exactly the documented text', async (summary, value) => {
    const res = await h.app.inject({ url: urlOf(summary), headers: authHeaders() });
    expect({ status: res.statusCode, text: res.body }).toEqual({ status: 200, text: value });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contextExamples,
  historyExamples,
  searchExamples,
  threadExamples,
} from '../../src/schemas/examples.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

// The concise examples in the OpenAPI document are real answers on the demo workspace (`npm run demo`):
// replay each one's request and compare whole bodies, so the docs cannot drift from the service.
// Detailed examples are trimmed Slack bodies and are checked against their schema only (lint.test.ts).

let h: Harness;
beforeAll(async () => {
  h = await buildHarness();
});
afterAll(() => h.close());

const concise = [
  searchExamples.concise,
  threadExamples.concise,
  historyExamples.concise,
  contextExamples.concise,
].map((e) => [e.summary, e.value] as const);

describe('OpenAPI concise examples', () => {
  it.each(concise)('%s answers exactly the documented body', async (summary, value) => {
    const url = summary?.replace(/^GET /, '') ?? '';
    const res = await h.app.inject({ url, headers: authHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(value);
  });
});

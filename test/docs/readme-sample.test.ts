import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

// The README's sample answer is what the demo answers to the request it names, byte for byte in JSON: a
// sample that drifted from the service (another backend, a username the service no longer sends) fails here.

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

let h: Harness;
// As the demo runs: the search backend chosen per token.
beforeAll(async () => {
  h = await buildHarness({ config: { SLACK_SEARCH_BACKEND: 'auto' } });
});
afterAll(() => h.app.close());

describe("the README's sample answer", () => {
  it('is the demo’s answer to the request it names', async () => {
    const intro = README.indexOf('A concise search answer');
    const path = /`(\/search\/messages\?[^`]+)`/.exec(README.slice(intro, intro + 200))?.[1] as string;
    const from = README.indexOf('```json', intro) + '```json'.length;
    const sample = JSON.parse(README.slice(from, README.indexOf('```', from)));
    const res = await h.app.inject({ url: path, headers: authHeaders({}) });
    expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 200, body: sample });
  });
});

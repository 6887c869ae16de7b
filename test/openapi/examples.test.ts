import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READS } from '../../src/reads/reads.js';
import type { NamedExample } from '../../src/schemas/response.js';
import { authHeaders, buildHarness, type Harness } from '../helper.js';

// The concise and compact examples in the OpenAPI document are real answers on the demo workspace
// (`npm run demo`): replay each one's request and compare whole bodies, so the docs cannot drift from the
// service. Detailed examples are trimmed Slack bodies and are checked against their schema only
// (lint.test.ts), as is an example whose request is shortened (`url=…`). Every read's examples are
// taken from its definition: a new read's are replayed too.

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

type Content = Record<string, { examples?: Record<string, NamedExample> } | undefined>;

/** A read's documented 200 examples of one content type, by name. */
const examplesOf = (type: 'application/json' | 'text/plain') =>
  READS.flatMap((read) => {
    const ok = (read.rest.schema.response as Record<number, { content?: Content }>)[200];
    return Object.entries(ok?.content?.[type]?.examples ?? {});
  });

/** A GET request written out whole (not `url=…`) is replayed; detailed bodies are trimmed, so not. */
const replayable = ([name, example]: [string, NamedExample]) =>
  name !== 'detailed' && Boolean(example.summary?.startsWith('GET ')) && !example.summary?.includes('…');

const concise = examplesOf('application/json')
  .filter(replayable)
  .map(([, e]) => [e.summary, e.value] as const);
const compact = examplesOf('text/plain')
  .filter(replayable)
  .map(([, e]) => [e.summary, e.value] as const);

/** `GET /files/F07VENDPDF (metadata only)` → `/files/F07VENDPDF`. */
const urlOf = (summary: string | undefined) => summary?.replace(/^GET /, '').replace(/ \(.*\)$/, '') ?? '';

describe('OpenAPI concise examples', () => {
  it('replays at least the examples there were when this was written', () => {
    expect({ concise: concise.length >= 10, compact: compact.length >= 7 }).toEqual({
      concise: true,
      compact: true,
    });
  });

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

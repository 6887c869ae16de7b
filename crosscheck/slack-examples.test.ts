import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../bench/catalog-eval-data.js';
import { buildHarness, get } from '../test/helper.js';
import { searchMeaningViolations, threadMeaningViolations } from '../test/support/concise-contract.js';

// Slack's own example bodies (../shared/slack-api/examples: docs.slack.dev's examples and bodies composed
// from the SDK's response types), served as they are by the fake and read through the real client: every
// success body of search.messages and conversations.replies answers 200, its concise body keeps
// docs/concise-format.md (the harness checks each one) and says what Slack's body says.

type Body = Record<string, unknown>;
type Example = { file: string; body: Body; request: string };

const examples = (method: string): Example[] => {
  const dir = resolve(sharedDir(), 'slack-api/examples', method);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw = JSON.parse(readFileSync(resolve(dir, file), 'utf8')) as Body;
      return { file, body: raw.body as Body, request: String(raw._request ?? raw._url ?? '') };
    })
    .filter((e) => e.body?.ok === true);
};

const searches = examples('search.messages');
const replies = examples('conversations.replies');

async function both(method: string, body: Body, path: string) {
  const h = await buildHarness();
  try {
    h.slack.serveBody(method, body);
    const concise = await get(h.app, path);
    const detailed = await get(h.app, `${path}&response_format=detailed`);
    return { concise, detailed };
  } finally {
    await h.close();
  }
}

describe("Slack's example bodies through our concise format", () => {
  it('has examples of both methods', () => {
    expect(searches.length).toBeGreaterThan(2);
    expect(replies.length).toBeGreaterThan(2);
  });

  it.each(searches.map((e) => [e.file, e] as const))('search.messages %s', async (_, e) => {
    const { concise, detailed } = await both(
      'search.messages',
      e.body,
      '/search/messages?query=deploy&count=20',
    );
    expect(concise.status, JSON.stringify(concise.body)).toBe(200);
    expect(detailed.status).toBe(200);
    expect(searchMeaningViolations(concise.body, detailed.body)).toEqual([]);
  });

  it.each(replies.map((e) => [e.file, e] as const))('conversations.replies %s', async (_, e) => {
    const first = (e.body.messages as Body[])[0] as Body;
    const channel = /channel=([A-Z0-9]+)/.exec(e.request)?.[1] ?? 'C12345678';
    const ts = String(first.thread_ts ?? first.ts);
    const { concise, detailed } = await both(
      'conversations.replies',
      e.body,
      `/threads/${channel}/${ts}?limit=50`,
    );
    expect(concise.status, JSON.stringify(concise.body)).toBe(200);
    expect(detailed.status).toBe(200);
    expect(threadMeaningViolations(concise.body, detailed.body)).toEqual([]);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDefinition } from '../../src/reads/read-definition.js';
import { bindRead } from '../../src/reads/registry.js';
import { searchMessagesRead } from '../../src/reads/search-messages/definition.js';
import { threadRepliesRead } from '../../src/reads/thread-replies/definition.js';
import { staleNote } from '../../src/slack/summary.js';
import { ALICE_TOKEN, GENERAL, TS, tinyWorkspace } from '../fixtures/tiny-workspace.js';
import { buildHarness, errorBody, get, type Harness } from '../helper.js';

let h: Harness;
beforeAll(async () => {
  h = await buildHarness({ fake: { workspace: tinyWorkspace() }, config: { SLACK_USER_TOKEN: ALICE_TOKEN } });
});
afterAll(() => h.close());
afterEach(() => h.slack.reset());

// What an MCP front end over stdio has: a token and a deadline, no HTTP request.
const access = () => ({ token: ALICE_TOKEN, fromCaller: true, deadline: Date.now() + 5000 });
/** A read as the stdio MCP front end runs it: no HTTP request, the MCP surface's wording. */
const runRead = (app: FastifyInstance, read: ReadDefinition, params: object) =>
  bindRead(
    read,
    app.reads,
    'mcp',
  )(
    {
      log: app.log,
      requestId: 'service-test',
      who: { kind: 'local', id: 'stdio:test' },
      client: { via: 'stdio' },
      deadline: Date.now() + 5000,
      slackAccess: access,
    },
    params,
  );
const search = {
  query: 'logs',
  count: 20,
  sort: 'score',
  sort_dir: 'desc',
  highlight: true,
  response_format: 'concise',
  max_text_chars: 1000,
  to_me: 'false',
  dedupe_threads: false,
  include_context: false,
} as const;
const thread = {
  channel: GENERAL,
  ts: TS.parent,
  limit: 100,
  response_format: 'concise',
  max_text_chars: 1000,
} as const;

describe('the reads without HTTP (as the stdio front end runs them)', () => {
  it('answers a search for the MCP surface with the REST body, its hint naming the MCP tool', async () => {
    const rest = await get(h.app, '/search/messages?query=logs');
    const mcp = await runRead(h.app, searchMessagesRead, search);
    // Slack's body came from the cache the REST request filled: a hit, though this answer was built anew.
    expect(mcp).toEqual({
      cache: 'HIT',
      body: {
        ...rest.body,
        summary:
          'Found 1 message. Whole thread: use slack_get_thread_replies with channel_id and thread_ts. Around a match: slack_get_message_context with url=<permalink>. Full Slack objects: response_format=detailed.',
      },
    });
    expect(h.slack.count('search.messages')).toBe(1);
    const again = await runRead(h.app, searchMessagesRead, search);
    expect(again).toEqual({ ...mcp, cache: 'HIT' });
  });

  it('reads a thread without an HTTP request, then answers it whole from the cache', async () => {
    const rest = await get(h.app, `/threads/${GENERAL}/${TS.parent}`);
    const first = await runRead(h.app, threadRepliesRead, thread);
    const second = await runRead(h.app, threadRepliesRead, thread);
    expect([first, second]).toEqual([
      { cache: 'HIT', body: rest.body },
      { cache: 'HIT', body: rest.body },
    ]);
    expect(h.slack.count('conversations.replies')).toBe(1);
  });

  it('names arguments, not query-string paths, in errors for the MCP surface', async () => {
    const params = { ...search, query: undefined };
    await expect(runRead(h.app, searchMessagesRead, params)).rejects.toMatchObject({
      statusCode: 400,
      code: 'AS_ERR_BAD_REQUEST',
      message: 'query is required unless to_me is set',
    });
    const res = await get(h.app, '/search/messages?to_me=false');
    expect(res.body).toEqual(
      errorBody(400, 'AS_ERR_BAD_REQUEST', 'querystring/query is required unless to_me is set'),
    );
  });

  it('keeps the thread hint of a byte-capped MCP answer to arguments the MCP tool has', async () => {
    const small = await buildHarness({
      fake: { workspace: tinyWorkspace() },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN, MAX_RESPONSE_BYTES: 700 },
    });
    try {
      const { body } = await runRead(small.app, threadRepliesRead, thread);
      expect((body as { summary: string }).summary).toMatch(
        /messages were left out to keep the response under 700 bytes; ask for a smaller limit\.$/,
      );
    } finally {
      await small.close();
    }
  });

  it('serves a cached answer only while its Slack body is fresh, then a stale one with its age', async () => {
    let offset = 0;
    const timed = await buildHarness({
      fake: { workspace: tinyWorkspace() },
      config: { SLACK_USER_TOKEN: ALICE_TOKEN },
      clock: () => Date.now() + offset,
    });
    try {
      const fresh = await get(timed.app, '/search/messages?query=logs');
      offset = 59_000;
      const hit = await get(timed.app, '/search/messages?query=logs');
      expect([fresh.headers['x-cache'], hit.headers['x-cache'], hit.body]).toEqual([
        'MISS',
        'HIT',
        fresh.body,
      ]);
      // Past CACHE_SEARCH_TTL_MS (60 s) the answer is gone with its Slack body; Slack refuses, so the stale
      // body is formatted again, with its age.
      offset = 61_000;
      timed.slack.inject({ kind: 'ratelimit', retryAfter: 30, method: 'search.messages' });
      const stale = await get(timed.app, '/search/messages?query=logs');
      const hint =
        'Whole thread: GET /threads/{channel_id}/{thread_ts}. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.';
      expect(fresh.body.summary).toBe(`Found 1 message. ${hint}`);
      expect([stale.headers['x-cache'], stale.body]).toEqual([
        'STALE',
        { ...fresh.body, summary: `Found 1 message. ${staleNote(61_000)} ${hint}` },
      ]);
      expect(timed.slack.count('search.messages')).toBe(2);
    } finally {
      await timed.close();
    }
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_TOKEN, BOB_TOKEN, DM_ALICE_BOB, GENERAL, SECRET, TS } from '../fixtures/tiny-workspace.js';
import { API_TOKEN } from '../helper.js';
import { connectHttp } from '../mcp/mcp-client.js';
import { anyString } from './adversarial.js';
import { buildFuzzTarget, type FuzzTarget, SCOPED_TOKEN } from './fuzz-harness.js';

// Tool calls with generated arguments, through the SDK client over HTTP (which also checks every
// structured result against the tool's outputSchema): never a protocol error, never a 5xx tool error
// but for Slack's own (502/504), never a leaked token; and the generator reaches the services.

// A `__proto__` or `constructor` key anywhere in the body is refused by Fastify's JSON parser before MCP
// sees it (HTTP 400 FST_ERR_CTP_INVALID_JSON_BODY, prototype-poisoning protection, as on REST).
const jsonKey = fc.string({ maxLength: 6 }).filter((k) => k !== '__proto__' && k !== 'constructor');
const junk = fc.oneof(
  anyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(jsonKey, fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);
const maybe = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk });
// Mostly #general and its messages, so that many calls find a thread.
const ts = fc.constantFrom(TS.parent, TS.reply1, TS.reply2, TS.mention, TS.other, TS.dm, '1700000000.000001');
const channel = fc.constantFrom(GENERAL, GENERAL, GENERAL, SECRET, DM_ALICE_BOB, 'C0NOSUCH01');

const ARGUMENTS: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  slack_search_messages: {
    query: fc.constantFrom('hello', 'deploy', 'in:#general', '"exact phrase"', '-x', 'from:me'),
    count: fc.integer({ min: 1, max: 100 }),
    sort: fc.constantFrom('score', 'timestamp'),
    response_format: fc.constantFrom('concise', 'detailed'),
    channel_ids: fc.array(channel, { maxLength: 2 }),
    to_me: fc.constantFrom('false', 'true', 'mention', 'dm', true, false),
    after: fc.constantFrom('2026-01-01', '1970-01-01'),
    min_score: fc.double({ min: 0, max: 1, noNaN: true }),
    dedupe_threads: fc.boolean(),
    max_text_chars: fc.integer({ min: 1, max: 200 }),
  },
  slack_get_thread_replies: {
    channel_id: channel,
    thread_ts: ts,
    limit: fc.integer({ min: 1, max: 1000 }),
    response_format: fc.constantFrom('concise', 'detailed'),
  },
  search_tools: {
    query: fc.array(fc.constantFrom('send', 'message', 'create an issue', ''), {
      minLength: 1,
      maxLength: 3,
    }),
    context: fc.constantFrom('a task', ''),
    tools: fc.array(
      fc.record({
        toolKey: fc.string({ minLength: 1, maxLength: 8 }),
        toolName: fc.constantFrom('send_message', 'create_issue', 'x'),
        serverName: fc.constantFrom('Slack', 'GitHub'),
        description: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      }),
      { maxLength: 5 },
    ),
    maxResults: fc.integer({ min: 1, max: 200 }),
  },
};

/** Present in most calls, so that most reach the service (each may still be junk). */
const REQUIRED: Record<string, string[]> = {
  slack_search_messages: ['query'],
  slack_get_thread_replies: ['channel_id', 'thread_ts'],
  search_tools: ['query', 'tools'],
};

/** Some of the tool's arguments (each valid or junk), sometimes an unknown one. */
const argumentsFor = (tool: string) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(Object.entries(ARGUMENTS[tool]).map(([k, v]) => [k, maybe(v)])), {
        requiredKeys: REQUIRED[tool],
      }),
      fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom('verbose', 'toString', 'channel'), junk) },
      ),
    )
    .map(([args, extra]) => (extra ? { ...args, [extra[0]]: extra[1] } : args));

const SECRETS = [API_TOKEN, SCOPED_TOKEN, ALICE_TOKEN, BOB_TOKEN];

let target: FuzzTarget;
let client: Client;
beforeAll(async () => {
  target = await buildFuzzTarget();
  client = await connectHttp(await target.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await client.close();
  await target.close();
});

describe('MCP tools under generated arguments', () => {
  it.each(Object.keys(ARGUMENTS))(
    '%s answers a result or a 4xx tool error, never a protocol error',
    async (tool) => {
      const outcomes = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(argumentsFor(tool), async (args) => {
          const result = await client.callTool({ name: tool, arguments: args });
          const text = JSON.stringify(result);
          expect(SECRETS.filter((s) => text.includes(s))).toEqual([]);
          const error = result.isError
            ? (JSON.parse((result.content as Array<{ text: string }>)[0].text) as {
                statusCode: number;
                code: string;
              })
            : undefined;
          const status = error?.statusCode ?? 200;
          expect(status < 500 || status === 502 || status === 504, text.slice(0, 300)).toBe(true);
          const key = error ? error.code : 'ok';
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        }),
        { seed: 20_261_122, numRuns: 300 },
      );
      const seen = JSON.stringify(Object.fromEntries(outcomes));
      // Both sides are exercised: results from the service, and refusals by validation.
      expect(outcomes.get('ok') ?? 0, seen).toBeGreaterThan(30);
      expect(outcomes.get('FST_ERR_VALIDATION') ?? 0, seen).toBeGreaterThan(30);
    },
    120_000,
  );
});

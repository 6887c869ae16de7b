import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack } from '../../fake-slack/index.js';
import { READS } from '../../src/reads/reads.js';
import { SLACK_METHODS, slackMethodsOfReads } from '../../src/reads/registry.js';
import { slackMethodsOf } from '../../src/reads/services.js';
import { wordingFor } from '../../src/reads/wording.js';
import type { NamedExample } from '../../src/schemas/response.js';
import { authHeaders, buildHarness } from '../helper.js';

// What each definition declares (src/reads/<read>/definition.ts) is held to what the read does.

describe('a read names other reads only as it declares', () => {
  it.each(READS.map((read) => [read.name, read] as const))(
    '%s: every read it names is in the list',
    (_name, read) => {
      for (const surface of ['rest', 'mcp'] as const)
        expect(() => wordingFor(read, surface, READS)).not.toThrow();
    },
  );

  it('naming a read not declared, or not in the list, fails', () => {
    const [search] = READS;
    if (!search) throw new Error('no reads');
    expect(() => wordingFor({ ...search, names: ['no-such-read'] }, 'rest', READS)).toThrow(
      'search-messages names no-such-read, which is not a read in src/reads/reads.ts',
    );
    const wording = wordingFor({ ...search, names: [] }, 'mcp', READS);
    expect(() => wording.tool('thread-replies')).toThrow(
      "search-messages names thread-replies without declaring it in its definition's names",
    );
  });
});

describe('a tool names its arguments as its read renames them', () => {
  it.each(READS.map((read) => [read.name, read] as const))('%s: toParams undoes rename', (_name, read) => {
    const names = Object.keys((read.mcp.arguments as { properties?: object }).properties ?? {});
    const rename = read.mcp.rename ?? {};
    const restName = (arg: string) => Object.entries(rename).find(([, to]) => to === arg)?.[0] ?? arg;
    const args = Object.fromEntries(names.map((name) => [name, `value of ${name}`]));
    const params = read.mcp.toParams(args as never) as Record<string, unknown>;
    expect(params).toEqual(Object.fromEntries(names.map((name) => [restName(name), `value of ${name}`])));
    const wording = wordingFor(read, 'mcp', READS);
    for (const [rest, arg] of Object.entries(rename)) expect(wording.param(rest)).toBe(arg);
  });
});

describe('the Slack methods a read calls are the ones it declares, with one pace each', () => {
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack();
  });
  afterAll(() => slack.close());

  /** A read's documented requests on the demo workspace (its examples whose request is written out). */
  const requestsOf = (read: (typeof READS)[number]) => {
    const content = (read.rest.schema.response as Record<number, { content?: Record<string, unknown> }>)[200]
      ?.content as Record<string, { examples?: Record<string, NamedExample> }> | undefined;
    return Object.values(content ?? {})
      .flatMap((c) => Object.values(c.examples ?? {}))
      .map((e) => e.summary ?? '')
      .filter((s) => s.startsWith('GET ') && !s.includes('…'))
      .map((s) => s.replace(/^GET /, '').replace(/ \(.*\)$/, ''));
  };

  it.each(READS.filter((read) => requestsOf(read).length > 0).map((read) => [read.name, read] as const))(
    '%s calls only what it declares, on either search backend',
    async (_name, read) => {
      const declared = Object.keys({ ...slackMethodsOf(read.services), ...read.slack });
      const called = new Set<string>();
      for (const backend of ['legacy', 'rts'] as const) {
        const h = await buildHarness({ slack, config: { SLACK_SEARCH_BACKEND: backend } });
        try {
          for (const url of requestsOf(read)) {
            slack.reset();
            const res = await h.app.inject({ url, headers: authHeaders() });
            expect(res.statusCode, url).toBe(200);
            // A file's bytes come from Slack's file host, not a Web API method.
            for (const call of slack.calls) if (call.method !== 'files.download') called.add(call.method);
          }
        } finally {
          await h.close();
        }
      }
      expect([...called].filter((method) => !declared.includes(method))).toEqual([]);
      expect(called.size).toBeGreaterThan(0);
    },
  );

  it('gives the rate gate the tiers Slack publishes', () => {
    expect(SLACK_METHODS).toMatchObject({
      'search.messages': 'tier2',
      'search.files': 'tier2',
      'conversations.list': 'tier2',
      'users.list': 'tier2',
      'files.info': 'tier3',
      'conversations.history': 'conversation',
      'conversations.replies': 'conversation',
      'assistant.search.context': 'unpaced',
    });
  });

  it('refuses two paces for one method', () => {
    const [a, b] = READS;
    if (!a || !b) throw new Error('no reads');
    expect(() =>
      slackMethodsOfReads([
        { ...a, slack: { 'search.messages': 'tier2' } },
        { ...b, slack: { 'search.messages': 'tier3' } },
      ]),
    ).toThrow('thread-replies paces search.messages as tier3, search-messages as tier2: one pace a method');
  });
});

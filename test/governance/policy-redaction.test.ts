import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundsOf } from '../../src/governance/policy/bounds.js';
import { governAnswer } from '../../src/governance/policy/govern-answer.js';
import { parsePolicy } from '../../src/governance/policy/policy-file.js';
import { authHeaders } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';
import { policyFile } from './policy-harness.js';

const SECRETS = [
  'xoxp-1234567890-abcdefABCDEF',
  'AKIAABCDEFGHIJKLMNOP',
  '-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----',
  '4111 1111 1111 1111',
  'Nightjar',
];
const policy = parsePolicy(
  JSON.stringify({ redact: { terms: [{ name: 'codename', literal: 'Nightjar' }] } }),
  'p',
);
const NO_LOOKUPS = {
  kind: async () => undefined,
  name: async () => undefined,
  shares: async () => undefined,
};

/** Any JSON body, with secrets put into its strings. */
const withSecrets = fc
  .tuple(fc.string(), fc.constantFrom(...SECRETS), fc.string())
  .map(([a, secret, b]) => `${a} ${secret} ${b}`);
const body = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string(), withSecrets, fc.integer(), tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
})).object;

describe('redaction of whole answers', () => {
  it('leaves no secret and no company term in any string of any body', async () => {
    const bounds = boundsOf(policy, {});
    if (!bounds) throw new Error('a policy bounds every caller');
    await fc.assert(
      fc.asyncProperty(body, async (answer) => {
        const { body: out, redacted } = await governAnswer(
          answer as Record<string, unknown>,
          'messages',
          bounds,
          NO_LOOKUPS,
        );
        const text = JSON.stringify(out);
        for (const secret of SECRETS) expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
        const found = (JSON.stringify(answer).match(/\[redacted: /g) ?? []).length;
        const sum = Object.values(redacted).reduce((a, b) => a + b, 0);
        expect((text.match(/\[redacted: /g) ?? []).length).toBe(found + sum);
      }),
      { numRuns: 300 },
    );
  });
});

describe('every read, every format, REST and MCP', () => {
  const TERMS = ['checklist', 'Deploy', 'incident', 'Engineer'];
  const ctx = useMcpHarness({
    config: {
      POLICY_FILE: policyFile({
        redact: { terms: TERMS.map((literal, i) => ({ name: `term_${i}`, literal })) },
      }),
    },
  });
  const reads = [
    '/search/messages?query=deploy&count=20',
    '/threads/C07INCIDNT/1773133920.004100',
    '/channels/C07ENGINRG/history?limit=20',
    `/messages/context?url=${encodeURIComponent('https://acme-demo.slack.com/archives/C07ENGINRG/p1772721625344142')}`,
    '/search/files?query=runbook',
    '/files/F07RUNBOOK',
    '/search/channels?query=incident',
    '/search/users?query=engineer',
    '/search/usergroups?query=on-call',
  ];

  it('holds none of the company terms', async () => {
    for (const read of reads)
      for (const format of ['concise', 'compact', 'detailed']) {
        const r = await ctx.h.app.inject({
          url: `${read}${read.includes('?') ? '&' : '?'}response_format=${format}`,
          headers: authHeaders(),
        });
        expect(r.statusCode, `${read} ${format}: ${r.body.slice(0, 200)}`).toBe(200);
        for (const term of TERMS) expect(r.body, `${read} ${format}`).not.toContain(term);
        if (!read.startsWith('/search/usergroups')) expect(r.body).toContain('[redacted: term_');
      }
    const tools: Array<[string, Record<string, unknown>]> = [
      ['slack_search_messages', { query: 'deploy' }],
      ['slack_get_channel_history', { channel_id: 'C07ENGINRG', response_format: 'compact' }],
      ['slack_read_file', { file_id: 'F07RUNBOOK' }],
    ];
    for (const [name, args] of tools) {
      const result = JSON.stringify(await ctx.client.callTool({ name, arguments: args }));
      for (const term of TERMS) expect(result, name).not.toContain(term);
    }
  });
});

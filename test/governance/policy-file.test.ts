import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { kindsOfScopes, scopeFor } from '../../src/governance/consent-scopes.js';
import { namePattern } from '../../src/governance/policy/name-pattern.js';
import { PolicyError, parsePolicy } from '../../src/governance/policy/policy-file.js';
import { createPolicySource } from '../../src/governance/policy/policy-source.js';
import { waitFor } from '../support/wait-for.js';

const refusal = (text: string) => {
  try {
    parsePolicy(text, 'p.json');
  } catch (err) {
    return err instanceof PolicyError ? { line: err.line, message: err.message } : err;
  }
  return undefined;
};

describe('the policy file', () => {
  it('reads every rule', () => {
    const policy = parsePolicy(
      JSON.stringify({
        deny_channels: { ids: ['C0HR'], names: ['hr-*', 'legal'] },
        conversation_kinds: { everyone: ['public', 'private'], clients: { 'router-prod': ['public'] } },
        redact: { terms: [{ name: 'codename', literal: 'Nightjar' }] },
      }),
      'p.json',
    );
    expect({
      ids: [...policy.deniedIds],
      names: policy.deniedNames.map((p) => p.pattern),
      everyone: [...policy.kinds.everyone],
      clients: [...policy.kinds.clients].map(([c, k]) => [c, [...k]]),
      terms: policy.terms,
    }).toEqual({
      ids: ['C0HR'],
      names: ['hr-*', 'legal'],
      everyone: ['public', 'private'],
      clients: [['router-prod', ['public']]],
      terms: [{ name: 'codename', literal: 'Nightjar' }],
    });
  });

  it('names the line and field at fault, never a value', () => {
    const text = '{\n  "deny_channels": {\n    "names": ["hr-*",\n      "Legal Team"]\n  }\n}';
    expect(refusal(text)).toEqual({
      line: 4,
      message:
        "Invalid policy file p.json, line 4: deny_channels.names.1: Expected string to match '^[a-z0-9_*-]{1,80}$'",
    });
    expect(refusal('{\n  "deny_channels": {},\n  "deny": []\n}')).toEqual({
      line: 3,
      message: 'Invalid policy file p.json, line 3: deny: Unexpected property',
    });
    expect(refusal('{\n  "conversation_kinds": {\n    "everyone": ["public",]\n  }\n}')).toMatchObject({
      line: 3,
    });
    expect(refusal('{\n "redact": {"terms": [\n {"name": "card_number", "literal": "secret"}]}}')).toEqual({
      line: 3,
      message:
        "Invalid policy file p.json, line 3: redact.terms.0.name: card_number is a built-in detector's name; choose another",
    });
    expect(refusal('{"redact": {"terms": [{"name": "x", "literal": "ab"}]}}')).toEqual({
      line: 1,
      message:
        'Invalid policy file p.json, line 1: redact.terms.0.literal: Expected string length greater or equal to 3',
    });
  });

  it('matches name patterns with * and nothing else', () => {
    const hr = namePattern('hr-*');
    const mid = namePattern('*-legal-*');
    expect(['hr-', 'hr-pay', 'hr', 'xhr-pay'].map(hr.matches)).toEqual([true, true, false, false]);
    expect(['a-legal-b', '-legal-', 'legal', 'a-legal'].map(mid.matches)).toEqual([true, true, false, false]);
    expect(namePattern('legal').matches('legal')).toBe(true);
    expect(namePattern('a.b').matches('axb')).toBe(false);
  });

  it('reads consent scopes as kinds, and names the least scope of a kind', () => {
    expect([...kindsOfScopes(['slack:public'])]).toEqual(['public']);
    expect([...kindsOfScopes(['slack:private'])]).toEqual(['public', 'private', 'mpim']);
    expect([...kindsOfScopes(['slack:dm'])]).toEqual(['public', 'private', 'mpim', 'im']);
    expect([...kindsOfScopes(['slack:read'])]).toEqual(['public', 'private', 'mpim', 'im']);
    expect([...kindsOfScopes(['other', 'toString'])]).toEqual([]);
    expect(['public', 'private', 'mpim', 'im'].map((k) => scopeFor(k as 'im'))).toEqual([
      'slack:public',
      'slack:private',
      'slack:private',
      'slack:dm',
    ]);
  });
});

describe('reloading the policy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'policy-'));
  const path = join(dir, 'policy.json');
  const lines: Array<{ level: string; msg: string; line?: number }> = [];
  const log = Object.fromEntries(
    ['info', 'warn', 'error', 'debug', 'trace', 'fatal'].map((level) => [
      level,
      (obj: { line?: number }, msg: string) => lines.push({ level, msg, line: obj.line }),
    ]),
  ) as never;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start on a bad file, keeps the last good policy on a bad reload, takes a good one', async () => {
    writeFileSync(path, '{"deny_channels": {"ids": ["C1"]}');
    expect(() => createPolicySource(path, log)).toThrow(
      `Invalid policy file ${path}, line 1: not valid JSON`,
    );
    writeFileSync(path, '{"deny_channels": {"ids": ["C0AAA"]}}');
    const source = createPolicySource(path, log);
    try {
      expect([...(source.current()?.deniedIds ?? [])]).toEqual(['C0AAA']);
      writeFileSync(path, '{\n  "deny_channels": {\n    "ids": ["not an id"]\n  }\n}');
      expect(await source.reload()).toBe(false);
      expect([...(source.current()?.deniedIds ?? [])]).toEqual(['C0AAA']);
      expect(lines.at(-1)).toEqual({
        level: 'error',
        line: 3,
        msg: `Invalid policy file ${path}, line 3: deny_channels.ids.0: Expected string to match '^[CGD][A-Z0-9]{2,40}$'; the last good policy stays in force`,
      });
      writeFileSync(path, '{"deny_channels": {"ids": ["C0BBB"]}}');
      process.emit('SIGHUP');
      await waitFor(() => source.current()?.deniedIds.has('C0BBB') === true, 'the reload on SIGHUP');
      // An edit is seen without a signal too.
      writeFileSync(path, '{"deny_channels": {"ids": ["C0CCC"]}}');
      await waitFor(() => source.current()?.deniedIds.has('C0CCC') === true, 'the reload on change');
    } finally {
      source.close();
    }
  });
});

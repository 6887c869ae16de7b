import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from '../../src/governance/redact.js';

const TOKEN = `xoxb-${'1234567890'}-abcdefABCDEF`;
const KEY = 'AKIAABCDEFGHIJKLMNOP';
const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';
const CARD = '4111 1111 1111 1111';

describe('redact', () => {
  it('replaces each built-in secret by its name and counts it', () => {
    const text = `token ${TOKEN}, key ${KEY}.\n${PEM}\ncard ${CARD} and not 4111 1111 1111 1112`;
    expect(redact(text)).toEqual({
      text:
        'token [redacted: slack_token], key [redacted: cloud_key].\n[redacted: private_key]\n' +
        'card [redacted: card_number] and not 4111 1111 1111 1112',
      counts: { slack_token: 1, cloud_key: 1, private_key: 1, card_number: 1 },
    });
  });

  it('replaces a company term and leaves text without secrets as it was', () => {
    expect(redact('Project Nightjar ships', [{ name: 'codename', literal: 'Nightjar' }])).toEqual({
      text: 'Project [redacted: codename] ships',
      counts: { codename: 1 },
    });
    expect(redact('xoxb-short AKIA123 12345')).toEqual({ text: 'xoxb-short AKIA123 12345', counts: {} });
  });

  it('redacts an unterminated private key block to the end', () => {
    expect(redact('a -----BEGIN PRIVATE KEY-----\nabc')).toEqual({
      text: 'a [redacted: private_key]',
      counts: { private_key: 1 },
    });
  });

  it('never leaves a secret in the text, whatever surrounds it', () => {
    const secret = fc.constantFrom(TOKEN, KEY, PEM, '4111111111111111');
    const filler = fc.string({ maxLength: 30 }).map((s) => s.replace(/[0-9A-Za-z-]/g, ' '));
    fc.assert(
      fc.property(fc.array(fc.tuple(filler, secret), { maxLength: 5 }), filler, (parts, tail) => {
        const text = parts.map(([f, s]) => ` ${f} ${s} `).join('') + tail;
        const out = redact(text).text;
        for (const s of [TOKEN, KEY, 'PRIVATE KEY', '4111111111111111']) expect(out).not.toContain(s);
      }),
    );
  });
});

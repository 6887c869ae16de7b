import { describe, expect, it } from 'vitest';
import { type ConversationKind, kindsOfScopes, scopeFor } from '../../src/governance/consent-scopes.js';
import { askedScope, consentScopeOf, covers, widerOf } from '../../src/sign-in/oauth/scopes.js';

const kinds = (...scopes: string[]) => [...kindsOfScopes(scopes)].sort();

describe('consent scopes and the kinds of conversation they let a client read', () => {
  it('each scope is the one before and more; slack:read (the scope of before) is all of them', () => {
    expect({
      public: kinds('slack:public'),
      private: kinds('slack:private'),
      dm: kinds('slack:dm'),
      read: kinds('slack:read'),
      both: kinds('slack:public', 'slack:private'),
      none: kinds(),
      unknown: kinds('slack:write', 'toString', '__proto__'),
    }).toEqual({
      public: ['public'],
      private: ['mpim', 'private', 'public'],
      dm: ['im', 'mpim', 'private', 'public'],
      read: ['im', 'mpim', 'private', 'public'],
      both: ['mpim', 'private', 'public'],
      none: [],
      unknown: [],
    });
  });

  it('scopeFor names the narrowest scope that reads a kind, and that scope does read it', () => {
    const all: ConversationKind[] = ['public', 'private', 'mpim', 'im'];
    expect(all.map((kind) => scopeFor(kind))).toEqual([
      'slack:public',
      'slack:private',
      'slack:private',
      'slack:dm',
    ]);
    for (const kind of all) expect(kindsOfScopes([scopeFor(kind)]).has(kind)).toBe(true);
  });

  it('sign-in reads a scope parameter as the consent scope covering it, and compares scopes by their kinds', () => {
    expect(
      [undefined, '', 'slack:public', 'slack:public slack:private', 'slack:read', ' slack:dm '].map(
        askedScope,
      ),
    ).toEqual([undefined, undefined, 'slack:public', 'slack:private', 'slack:dm', 'slack:dm']);
    // Scopes that are not ours are ignored (RFC 6749 §3.3).
    expect(['slack:public openid', 'openid offline_access'].map(askedScope)).toEqual([
      'slack:public',
      undefined,
    ]);
    expect([
      covers('slack:read', 'slack:dm'),
      covers('slack:dm', 'slack:read'),
      covers('slack:private', 'slack:dm'),
      covers('slack:public', ''),
    ]).toEqual([true, true, false, true]);
    expect([
      consentScopeOf('slack:read'),
      widerOf('slack:public', 'slack:private'),
      widerOf('slack:dm', 'slack:public'),
    ]).toEqual(['slack:dm', 'slack:private', 'slack:dm']);
  });
});

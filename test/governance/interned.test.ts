import { describe, expect, it } from 'vitest';
import { auditClient, MAX_KEPT, personWho, tokenWho } from '../../src/governance/audit/interned.js';

describe("a record's who and client, one object per distinct value", () => {
  it('gives the same object for the same person or client, each field as a record writes it', () => {
    const maya = personWho('T07ACMEDMO', 'U07MAYACHN');
    expect(personWho('T07ACMEDMO', 'U07MAYACHN')).toBe(maya);
    expect(JSON.stringify(maya)).toBe(
      '{"kind":"person","id":"T07ACMEDMO:U07MAYACHN","team_id":"T07ACMEDMO","user_id":"U07MAYACHN"}',
    );
    const token = tokenWho('api-token-1');
    expect(tokenWho('api-token-1')).toBe(token);
    expect(JSON.stringify(token)).toBe('{"kind":"token","id":"api-token-1"}');
    // A person and a token are never taken for one another, whatever the token is called.
    expect(tokenWho('10:T07ACMEDMO10:U07MAYACHN')).toEqual({
      kind: 'token',
      id: '10:T07ACMEDMO10:U07MAYACHN',
    });
    const desktop = auditClient('mcp', 'asc_0123', 'Claude Desktop', 'claude-ai');
    expect(auditClient('mcp', 'asc_0123', 'Claude Desktop', 'claude-ai')).toBe(desktop);
    expect(JSON.stringify(desktop)).toBe(
      '{"via":"mcp","id":"asc_0123","name":"Claude Desktop","mcp_name":"claude-ai"}',
    );
    // No key for a part not given.
    expect(Object.keys(auditClient('rest'))).toEqual(['via']);
    expect(Object.keys(auditClient('mcp', undefined, undefined, 'cursor'))).toEqual(['via', 'mcp_name']);
  });

  it('never takes one value for another, however the names are made', () => {
    // Names that would read alike if the parts were only joined.
    const pairs = [
      [auditClient('mcp', 'a', 'b:c'), auditClient('mcp', 'a:b', 'c')],
      [auditClient('mcp', 'a', '1:b'), auditClient('mcp', 'a', '1', 'b')],
      [auditClient('mcp', 'a', ''), auditClient('mcp', 'a')],
      [auditClient('mcp', undefined, undefined, 'x'), auditClient('rest', undefined, undefined, 'x')],
    ];
    for (const [one, other] of pairs) expect(one).not.toEqual(other);
    expect(pairs.map(([one]) => one)).toEqual([
      { via: 'mcp', id: 'a', name: 'b:c' },
      { via: 'mcp', id: 'a', name: '1:b' },
      { via: 'mcp', id: 'a', name: '' },
      { via: 'mcp', mcp_name: 'x' },
    ]);
    expect(personWho('T1', 'U2:3')).not.toEqual(personWho('T1:U2', '3'));
  });

  it(`keeps at most ${MAX_KEPT} of each, the oldest forgotten first, still right when made again`, () => {
    const first = personWho('T0FIRST', 'U0FIRST');
    for (let i = 0; i < MAX_KEPT - 1; i++) personWho('T0MANY', `U${i}`);
    // Still kept: MAX_KEPT values so far.
    expect(personWho('T0FIRST', 'U0FIRST')).toBe(first);
    personWho('T0MANY', 'U-one-more');
    const again = personWho('T0FIRST', 'U0FIRST');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

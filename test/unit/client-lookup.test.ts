import { describe, expect, it } from 'vitest';
import { createClientLookup, loadApiTokens } from '../../src/access/api-tokens.js';

const SECRET = 'key-hash-secret-for-tests';

describe('createClientLookup', () => {
  it('answers as findApiClient does: the client of a known token, nothing for an unknown one', () => {
    const records = loadApiTokens('tok-a,tok-b', undefined, SECRET);
    const clientOf = createClientLookup(records);
    const a = clientOf('tok-a');
    expect([a?.name, clientOf('tok-b')?.name, clientOf('tok-c'), clientOf('tok-a')]).toEqual([
      'api-token-1',
      'api-token-2',
      undefined,
      a,
    ]);
  });

  it('digests a known token once, and an unknown token every time', () => {
    const records = loadApiTokens('tok-a', undefined, SECRET);
    const clientOf = createClientLookup(records);
    // Replacing the record's digest shows whether the lookup still compares digests.
    clientOf('tok-a');
    const [record] = records;
    const saved = record.digest;
    record.digest = Buffer.alloc(32);
    expect([clientOf('tok-a')?.name, clientOf('tok-x')]).toEqual(['api-token-1', undefined]);
    record.digest = saved;
    expect(clientOf('tok-x')).toBeUndefined();
  });
});

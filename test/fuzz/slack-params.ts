import fc from 'fast-check';
import { encodeSearchCursor } from '../../src/slack/search-cursor.js';
import { ALICE, BOB, CAROL, DM_ALICE_BOB, GENERAL, SECRET, TS } from '../fixtures/tiny-workspace.js';
import { anyString, rawUrlPiece } from './adversarial.js';

/** What a parameter takes: values that pass validation, and values meant to fail it. */
export interface ParamSpec {
  valid: fc.Arbitrary<string>;
  invalid: fc.Arbitrary<string>;
}

/** `invalid` always includes any string at all. */
export const spec = (valid: fc.Arbitrary<string>, invalid?: fc.Arbitrary<string>): ParamSpec => ({
  valid,
  invalid: invalid ? fc.oneof(invalid, anyString) : anyString,
});

/** Well-formed requests check the handler; in `any` mode two in five values are meant to fail. */
export type Mode = 'valid' | 'any';
export const mode = fc.constantFrom<Mode>('valid', 'valid', 'any', 'any', 'any');

export const pairOf = (name: string, s: ParamSpec, m: Mode): fc.Arbitrary<Pair> =>
  (m === 'valid'
    ? s.valid
    : fc.oneof({ weight: 3, arbitrary: s.valid }, { weight: 2, arbitrary: s.invalid })
  ).map((v): Pair => [name, v, false]);

export const booleanish = spec(
  fc.constantFrom('true', 'false'),
  fc.constantFrom('1', '0', 'TRUE', 'yes', '', 'null'),
);

export const integerish = (min: number, max: number) =>
  spec(
    fc.integer({ min, max }).map(String),
    fc.oneof(
      fc.constantFrom(
        String(min - 1),
        String(max + 1),
        '-1',
        '1.5',
        '1e2',
        ' 7',
        '0x10',
        'NaN',
        '99999999999999999999',
      ),
      fc.integer().map(String),
    ),
  );

/** Conversation ids: real ones, well-formed unknown ones, and ones the pattern refuses. */
export const channelId = spec(
  fc.oneof(
    fc.constantFrom(GENERAL, SECRET, DM_ALICE_BOB, 'C0NOSUCH01', `${GENERAL},${SECRET}`),
    fc.stringMatching(/^[CGD][A-Z0-9]{2,40}$/),
  ),
  fc.constantFrom('general', 'c0general1', 'C', ' , ,', `${GENERAL}x`.repeat(5)),
);

export const userId = spec(
  fc.oneof(fc.constantFrom(ALICE, BOB, CAROL, 'U0NOSUCH01'), fc.stringMatching(/^[UW][A-Z0-9]{2,40}$/)),
  fc.constantFrom('alice', 'U', '<@U0ALICE001>'),
);

export const day = spec(
  fc.oneof(
    fc.constantFrom('2026-01-01', '2025-12-31', '2026-01-02', '1970-01-01'),
    fc
      .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  ),
  fc.constantFrom('2026-02-30', '2026-13-01', '2026-1-1', '26-01-01', 'today', '2026-01-01T00:00:00Z'),
);

const tsParts = fc
  .tuple(fc.integer({ min: 100_000_000, max: 9_999_999_999 }), fc.integer({ min: 0, max: 999_999 }))
  .map(([s, us]) => `${s}.${String(us).padStart(6, '0')}`);

/** Message timestamps: the workspace's own, well-formed unknown ones, and malformed ones. */
export const slackTs = spec(
  fc.oneof(fc.constantFrom(...Object.values(TS)), tsParts),
  fc.constantFrom(
    '0',
    '1767225600',
    '1767225600.0001',
    '1767225600.',
    '-1.000000',
    '1e9',
    '17672256000.000100',
  ),
);

/** oldest/latest bounds: a ts, whole seconds, or fewer decimals. */
export const tsBound = spec(
  fc.oneof(slackTs.valid, fc.constantFrom('0', '1', '9999999999', '1767225700', '1767225700.5')),
  fc.constantFrom('12345678901', '1.1234567', '-1', '.5', '1767225700.'),
);

/** Cursors Slack issued, cursors we issued (pages, to_me), and forgeries of both. */
export const cursor = spec(
  fc.oneof(
    fc.constantFrom('*', 'bm9wZQ', 'dXNlcjpVMEFMSUNFMDAx', 'as1.', 'as1.!!', 'at1.', 'at1.!!'),
    fc
      .record({
        offsets: fc.tuple(fc.nat(3000), fc.nat(3000)),
        totals: fc.tuple(fc.nat(3000), fc.nat(3000)),
      })
      .map(({ offsets, totals }) => encodeSearchCursor({ kind: 'toMe', offsets, totals })),
    fc.integer({ min: 2, max: 100 }).map((page) => encodeSearchCursor({ kind: 'page', page })),
    fc.json().map((j) => `as1.${Buffer.from(j).toString('base64url')}`),
    fc.base64String({ minLength: 4, maxLength: 64 }),
  ),
  fc.constantFrom('', 'x'.repeat(1025)),
);

/** Parameter names nobody documented, including the ones that poison prototypes. */
export const strangeName = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'query[]', 'count[0]', '', 'token', 'a.b'),
  fc.string({ maxLength: 12 }),
);

/** One query-string pair: [name, value, written raw?]. Raw pairs skip percent-encoding. */
export type Pair = [string, string, boolean];

/** One value from each arbitrary, in order. */
export const allOf = <T>(arbitraries: fc.Arbitrary<T>[]): fc.Arbitrary<T[]> =>
  (fc.tuple as (...a: fc.Arbitrary<T>[]) => fc.Arbitrary<T[]>)(...arbitraries);

/** A few pairs that break things: strange names, raw bytes, repeats of known names. */
export function noisePairs(knownNames: string[]): fc.Arbitrary<Pair[]> {
  const pair: fc.Arbitrary<Pair> = fc.oneof(
    fc.tuple(strangeName, anyString, fc.constant(false)),
    fc.tuple(fc.constantFrom(...knownNames), rawUrlPiece, fc.constant(true)),
    fc.tuple(fc.constantFrom(...knownNames), anyString, fc.constant(false)),
    fc.tuple(rawUrlPiece, rawUrlPiece, fc.constant(true)),
  );
  return fc.array(pair, { minLength: 1, maxLength: 3 });
}

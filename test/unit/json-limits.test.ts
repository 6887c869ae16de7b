import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertJsonWithinLimits,
  JsonLimitsScan,
  MAX_JSON_DEPTH,
  MAX_JSON_KEY_NAMES,
  MAX_JSON_OBJECT_KEYS,
  MAX_JSON_VALUES,
} from '../../src/http/json-limits.js';

const outcome = (scan: () => void) => {
  try {
    scan();
    return 'within';
  } catch (err) {
    return (err as Error).message;
  }
};
/** The text scanned in pieces cut at `cuts`, as a body arrives. */
const inPieces = (text: string, cuts: number[]) => {
  const scan = new JsonLimitsScan();
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (text.length + 1)).sort((a, b) => a - b), text.length]) {
    scan.write(text.slice(at, cut));
    at = cut;
  }
  return outcome(() => scan.end());
};
const keys = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `"${prefix}${i}":0`).join(',');
const per = MAX_JSON_OBJECT_KEYS - 2;

// Texts one step from each limit, so a name, quote or bracket read wrongly at a cut changes the outcome.
const NEAR = [
  `{"a":{${keys(per, 'a')}},"b":{${keys(per, 'b')}},"c":{${keys(per, 'c')}},"d":{${keys(MAX_JSON_KEY_NAMES - 3 * per - 6, 'd')}},"e":{`,
  `{${keys(MAX_JSON_OBJECT_KEYS - 1, 'k')},`,
  '['.repeat(MAX_JSON_DEPTH - 1),
  `[${'0,'.repeat(MAX_JSON_VALUES - 3)}`,
];
const tail = fc.constantFrom(
  '"',
  '\\',
  '\\"',
  ':',
  ',',
  '{',
  '[',
  ']',
  '}',
  'a',
  ' ',
  '"a":',
  '"x\\"y":',
  '"\\\\":',
  '"a0":',
);

describe('JsonLimitsScan', () => {
  it('refuses what the whole text would, wherever the pieces are cut', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.constantFrom(...NEAR),
        fc.array(tail, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (near, parts, cuts) => {
          const text = near + parts.join('');
          const whole = outcome(() => assertJsonWithinLimits(text));
          seen.add(whole);
          expect(inPieces(text, cuts)).toBe(whole);
        },
      ),
      { numRuns: 400 },
    );
    // Each limit was met and passed, so the check above compared every kind of outcome.
    expect(seen.size).toBe(5);
  });

  it('reads a key split anywhere, escaped quotes and backslashes included', () => {
    // Two more distinct names than NEAR[0] holds pass the limit only if `x\"y` and `\\` are read whole.
    const text = `${NEAR[0]}"x\\"y":0,"\\\\":1,"x\\"y":2}}`;
    const under = text.replace('"\\\\":1,', '');
    expect(outcome(() => assertJsonWithinLimits(text))).toBe(
      `The body holds more than ${MAX_JSON_KEY_NAMES} distinct key names, the limit`,
    );
    expect(outcome(() => assertJsonWithinLimits(under))).toBe('within');
    for (let cut = text.length - 30; cut < text.length; cut++) {
      expect(inPieces(text, [cut, cut + 1])).toBe(outcome(() => assertJsonWithinLimits(text)));
      expect(inPieces(under, [cut - 6])).toBe('within');
    }
  });
});

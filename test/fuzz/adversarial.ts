import fc from 'fast-check';

/** Strings that have broken parsers before: empty, huge, control characters, lone surrogates, RTL, proto. */
export const trickyConstant = fc.constantFrom(
  '',
  ' ',
  '\t',
  '\u0000',
  '\u0007\u001b[31m',
  '\r\n',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  '\u202e\u2066',
  '\ufeff',
  '\ue000deploy\ue001',
  'é',
  '％',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '[]',
  '{}',
  '"',
  '\\',
  "'; DROP TABLE--",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '*',
  'in:<#C0GENERAL1>',
  'from:me to:<@U0ALICE001>',
  '"unterminated',
  '-',
);

/** Any string a client could put in a JSON body or a URL: mostly short, sometimes huge. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 3, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 4, arbitrary: trickyConstant },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(trickyConstant, fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 })
      .map((parts) => parts.join('')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(1_000, 2_001, 10_000, 70_000), fc.constantFrom('a', 'é', '💥', ' ', '\u0000'))
      .map(([n, c]) => c.repeat(n)),
  },
);

/** A header value as Node's HTTP parser lets it through: tab, printable ASCII and latin-1, no outer spaces. */
export const headerValue: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: fc.constantFrom('\t', ...printableLatin1()), maxLength: 80 }),
    fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
    fc.constantFrom('', 'a'.repeat(8000)),
  )
  .map((v) => v.trim());

function printableLatin1(): string[] {
  const chars: string[] = [];
  for (let c = 0x20; c <= 0xff; c++) if (c < 0x7f || c >= 0x80) chars.push(String.fromCharCode(c));
  return chars;
}

/** Percent-encodes every byte outside RFC 3986's unreserved set (lone surrogates become U+FFFD's bytes). */
export function percentEncode(value: string | Uint8Array): string {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  let out = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw URL text that percent-encoding would never produce: invalid UTF-8, broken escapes, stray `&`/`=`. */
export const rawUrlPiece: fc.Arbitrary<string> = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => percentEncode(bytes)),
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    '%ZZ',
    '%FF%FE',
    '%C0%AF',
    '%ED%A0%80',
    '&&',
    '==',
    '=&=',
    '+',
    '%2B',
    ';',
  ),
  fc.string({ unit: fc.constantFrom(..."abc019-._~!$'()*,;:@/?".split('')), maxLength: 12 }),
);

/** A query string from (name, value) pairs; each pair is either encoded properly or written raw. */
export function queryString(pairs: Array<[string, string, boolean]>): string {
  if (pairs.length === 0) return '';
  const parts = pairs.map(([k, v, raw]) => (raw ? `${k}=${v}` : `${percentEncode(k)}=${percentEncode(v)}`));
  return `?${parts.join('&')}`;
}

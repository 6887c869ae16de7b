import { Errors } from '../errors.js';

/** Where UTF-8 `bytes` first go wrong (an invalid, overlong, surrogate or cut-off sequence), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const size = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (size === 0 || i + size > bytes.length) return i;
    const second = bytes[i + 1];
    const low = (b === 0xe0 && 0xa0) || (b === 0xf0 && 0x90) || 0x80;
    const high = (b === 0xed && 0x9f) || (b === 0xf4 && 0x8f) || 0xbf;
    if (second < low || second > high) return i;
    for (let k = 2; k < size; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += size;
  }
  return -1;
}

const LAST_KEY = /"((?:[^"\\]|\\.){1,100})"\s*:\s*(?:"(?:[^"\\]|\\.)*)?$/;

/**
 * The 400 for a body that is not UTF-8, naming the byte and, when the bad byte sits in a member's value
 * (or is the text right after a key), that member: decoding it with U+FFFD instead would let two
 * different values (two `toolKey`s) read the same.
 */
export function notUtf8Error(bytes: Buffer): Error {
  const at = Math.max(0, firstInvalidUtf8(bytes));
  const before = bytes.subarray(Math.max(0, at - 4096), at).toString('utf8');
  const key = LAST_KEY.exec(before)?.[1];
  return new Errors.BodyNotUtf8(at, key ? ` in the value of ${JSON.stringify(key)}` : '');
}

// Character classes for the tokenizer: ASCII by table, the rest by Unicode property, remembered.
export const SEPARATOR = 0;
export const LOWER = 1;
export const UPPER = 2;
export const DIGIT = 3;
export const JOINER = 4;
export const CJK = 5;

export const ASCII_CLASS = new Uint8Array(128);
for (let c = 97; c <= 122; c++) ASCII_CLASS[c] = LOWER;
for (let c = 65; c <= 90; c++) ASCII_CLASS[c] = UPPER;
for (let c = 48; c <= 57; c++) ASCII_CLASS[c] = DIGIT;
ASCII_CLASS[95] = JOINER;
ASCII_CLASS[45] = JOINER;

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const wideClass = new Uint8Array(0x10000);

function isCjk(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0xac00 && c <= 0xd7af) ||
    (c >= 0xf900 && c <= 0xfaff)
  );
}

export function classOf(c: number): number {
  if (c < 128) return ASCII_CLASS[c] as number;
  let k = wideClass[c] as number;
  if (k === 0) {
    k = 1 + (isCjk(c) ? CJK : LETTER_OR_NUMBER.test(String.fromCharCode(c)) ? LOWER : SEPARATOR);
    wideClass[c] = k;
  }
  return k - 1;
}

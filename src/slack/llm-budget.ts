import { TRUNCATION_NOTE } from './truncate-text.js';

/** What fitting a body into the byte budget did to its messages. */
export interface BudgetCut {
  /** Messages whose text was cut (ending in TRUNCATION_NOTE). */
  cut: number;
  /** Trailing messages left out whole because even empty texts did not fit. */
  dropped: number;
}

export const NO_CUT: BudgetCut = { cut: 0, dropped: 0 };

const bodyBytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

/** Bytes a code point takes inside a JSON string: escapes for controls, quote and backslash. */
function jsonCost(cp: number): number {
  if (cp === 0x22 || cp === 0x5c) return 2;
  if (cp < 0x20) return cp === 0x08 || cp === 0x09 || cp === 0x0a || cp === 0x0c || cp === 0x0d ? 2 : 6;
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp >= 0xd800 && cp <= 0xdfff) return 6;
  return cp < 0x10000 ? 3 : 4;
}

/** Bytes `text` takes as a JSON string, without its quotes. */
export const jsonTextBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text)) - 2;

const NOTE_BYTES = jsonTextBytes(TRUNCATION_NOTE);

/** `text` within `budget` JSON bytes, cut on a code point boundary and marked; '' when even the mark does not fit. */
export function cutToBytes(text: string, budget: number): string {
  if (jsonTextBytes(text) <= budget) return text;
  if (budget < NOTE_BYTES) return '';
  let room = budget - NOTE_BYTES;
  let end = 0;
  while (end < text.length) {
    const cp = text.codePointAt(end) as number;
    const cost = jsonCost(cp);
    if (cost > room) break;
    room -= cost;
    end += cp > 0xffff ? 2 : 1;
  }
  return text.slice(0, end) + TRUNCATION_NOTE;
}

/** An even split of `available` bytes: texts under the fair share keep theirs, the rest share what is left. */
export function evenShares(costs: number[], available: number): number[] {
  const shares = new Array<number>(costs.length).fill(0);
  const order = costs.map((_, i) => i).sort((a, b) => costs[a] - costs[b]);
  let left = Math.max(0, available);
  order.forEach((index, rank) => {
    const fair = Math.floor(left / (order.length - rank));
    shares[index] = Math.min(costs[index], fair);
    left -= shares[index];
  });
  return shares;
}

/**
 * Fits `body` into `maxBytes` the way an LLM's tool-result budget asks (Amazon Q CLI's rule): message
 * texts are cut (UTF-8 safe, marked `...content truncated due to length`) with the bytes left for texts
 * split evenly between messages; trailing messages are dropped whole only when even empty texts do not
 * fit. `items` are the messages inside `body`, changed in place; `textOf`/`setText` reach each one's
 * text. `summarise` rewrites the summary for a cut (it may grow the body, so sizes are measured after it).
 */
export function fitToBudget<T>(
  body: unknown,
  items: T[],
  maxBytes: number,
  access: { textOf(item: T): string; setText(item: T, text: string): void },
  summarise: (cut: BudgetCut) => void,
): BudgetCut {
  summarise(NO_CUT);
  if (bodyBytes(body) <= maxBytes) return NO_CUT;
  const texts = items.map(access.textOf);
  const setAll = (values: string[]) => {
    for (const [i, item] of items.entries()) access.setText(item, values[i]);
  };
  let dropped = 0;
  setAll(texts.map(() => ''));
  summarise({ cut: items.length, dropped });
  while (items.length > 0 && bodyBytes(body) > maxBytes) {
    items.pop();
    texts.pop();
    dropped++;
    summarise({ cut: items.length, dropped });
  }
  const costs = texts.map(jsonTextBytes);
  let available = maxBytes - bodyBytes(body);
  for (;;) {
    const cutTexts = evenShares(costs, available).map((share, i) => cutToBytes(texts[i], share));
    setAll(cutTexts);
    const result = { cut: cutTexts.filter((t, i) => t !== texts[i]).length, dropped };
    summarise(result);
    const over = bodyBytes(body) - maxBytes;
    if (over <= 0 || available <= 0) return result;
    available -= over;
  }
}

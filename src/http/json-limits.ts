import { Errors } from '../errors.js';

/** Bytes a request body (and a line of the stdio MCP server) may hold. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Request bodies (REST and MCP, and each stdio line) nest objects and arrays at most this deep. */
export const MAX_JSON_DEPTH = 64;
/**
 * Request bodies hold at most this many objects and arrays: parsing them (and collecting them later) is
 * what costs the event loop, about 0.3 µs each, where strings and numbers are cheap. MCP Router sends
 * 6–8 a tool (test/fixtures/router-requests.ts), so 5,000 tools of 10 each fit.
 */
export const MAX_JSON_CONTAINERS = 50_000;
/**
 * Keys one object may hold. A parse costs most where key names are new: each distinct name is interned and
 * shapes the object that holds it (700,000 keys in one object blocked the event loop 0.5–2 s). The keys of
 * ordinary repeated shapes cost little (MCP Router's 5,000 tools with input schemas: 85,000 keys of 34 names,
 * parsed in ~20–40 ms), so they are not counted in all: what is bounded is one object's keys and the body's
 * distinct names (MAX_JSON_KEY_NAMES).
 */
export const MAX_JSON_OBJECT_KEYS = 5_000;
/**
 * Distinct key names a body may hold: 5,000 objects of 30 names each, all distinct (150,000), parsed in
 * ~0.5 s; 20,000 cost a few ms. MCP Router's requests use a few dozen names, plus each tool's parameters.
 */
export const MAX_JSON_KEY_NAMES = 20_000;
/** Values (array items and object members) a request body may hold in all: `[0,0,…]` parses ~10× cheaper than keys. */
export const MAX_JSON_VALUES = 200_000;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const COLON = 58;
const COMMA = 44;

/** The index of the quote that closes the string opening at `start` (its brackets are text). */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end > 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}

/**
 * Refuses JSON text that nests deeper than MAX_JSON_DEPTH, or holds more than MAX_JSON_CONTAINERS objects
 * and arrays, MAX_JSON_VALUES values, MAX_JSON_OBJECT_KEYS keys in one object or MAX_JSON_KEY_NAMES distinct
 * key names, in one pass over the text before it is parsed (so no parse, recursion, structured clone or
 * stringify ever meets a costlier value). Keys are counted by their colons (each the string before it),
 * values by commas plus one a container. The text need not be valid JSON: the parser says so.
 */
export function assertJsonWithinLimits(text: string): void {
  let depth = 0;
  let containers = 0;
  let commas = 0;
  // Keys of the object open at each depth, and the names seen (kept only up to the limit).
  const keysAt = new Int32Array(MAX_JSON_DEPTH + 2);
  const names = new Set<string>();
  let lastString = -1;
  let lastEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      lastString = i;
      i = stringEnd(text, i);
      lastEnd = i;
    } else if (c === COMMA) {
      if (++commas > MAX_JSON_VALUES) throw new Errors.JsonTooManyValues(MAX_JSON_VALUES);
    } else if (c === COLON) {
      if (++keysAt[depth] > MAX_JSON_OBJECT_KEYS) throw new Errors.JsonObjectTooBig(MAX_JSON_OBJECT_KEYS);
      if (lastString >= 0) names.add(text.slice(lastString + 1, lastEnd));
      if (names.size > MAX_JSON_KEY_NAMES) throw new Errors.JsonTooManyKeyNames(MAX_JSON_KEY_NAMES);
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) throw new Errors.JsonTooDeep(MAX_JSON_DEPTH);
      if (++containers > MAX_JSON_CONTAINERS) throw new Errors.JsonTooManyContainers(MAX_JSON_CONTAINERS);
      keysAt[depth] = 0;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth = Math.max(0, depth - 1);
  }
  if (commas + containers > MAX_JSON_VALUES) throw new Errors.JsonTooManyValues(MAX_JSON_VALUES);
}

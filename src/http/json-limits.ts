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

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

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
 * Refuses JSON text that nests deeper than MAX_JSON_DEPTH or holds more than MAX_JSON_CONTAINERS
 * objects and arrays, in one pass over the text before it is parsed (so no recursion, structured
 * clone or stringify ever meets a deeper value). The text need not be valid JSON: the parser says so.
 */
export function assertJsonWithinLimits(text: string): void {
  let depth = 0;
  let containers = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) throw new Errors.JsonTooDeep(MAX_JSON_DEPTH);
      if (++containers > MAX_JSON_CONTAINERS) throw new Errors.JsonTooManyContainers(MAX_JSON_CONTAINERS);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
}

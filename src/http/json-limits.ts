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

/** The index of the quote that closes the string opening at `start` (its brackets are text); -1 if none. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end > 0) {
    if (backslashesBefore(text, end, start + 1) % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** How many backslashes come just before `at`, from `from` on. */
function backslashesBefore(text: string, at: number, from: number): number {
  let n = 0;
  while (at - 1 - n >= from && text.charCodeAt(at - 1 - n) === BACKSLASH) n++;
  return n;
}

/**
 * Refuses JSON text that nests deeper than MAX_JSON_DEPTH, or holds more than MAX_JSON_CONTAINERS objects
 * and arrays, MAX_JSON_VALUES values, MAX_JSON_OBJECT_KEYS keys in one object or MAX_JSON_KEY_NAMES distinct
 * key names, in one pass over the text before it is parsed (so no parse, recursion, structured clone or
 * stringify ever meets a costlier value). Keys are counted by their colons (each the string before it),
 * values by commas plus one a container. The text need not be valid JSON: the parser says so.
 */
export function assertJsonWithinLimits(text: string): void {
  const scan = new JsonLimitsScan();
  scan.write(text);
  scan.end();
}

/**
 * assertJsonWithinLimits over text that comes in pieces (a request body as it arrives, so the event loop
 * never scans a whole body at once): each piece is scanned as it comes, and `end` throws what the whole
 * text would have (the first limit passed), whatever the pieces.
 */
export class JsonLimitsScan {
  #depth = 0;
  #containers = 0;
  #commas = 0;
  // Keys of the object open at each depth, and the names seen (kept only up to the limit).
  readonly #keysAt = new Int32Array(MAX_JSON_DEPTH + 2);
  readonly #names = new Set<string>();
  /** The last string (a key's name if a colon follows): its parts when pieces split it, else where in `#in`. */
  #lastParts: string[] | undefined;
  #in = '';
  #lastStart = -1;
  #lastEnd = -1;
  /** A string the last piece ended in: its text so far, and the backslashes that end it. */
  #open: string[] | undefined;
  #openBackslashes = 0;
  #error: Error | undefined;

  write(piece: string): void {
    if (this.#error) return;
    try {
      this.#scan(piece);
    } catch (err) {
      this.#error = err as Error;
    }
  }

  /** Throws the first limit the text passed, if any. */
  end(): void {
    if (this.#error) throw this.#error;
    if (this.#commas + this.#containers > MAX_JSON_VALUES)
      throw new Errors.JsonTooManyValues(MAX_JSON_VALUES);
  }

  #scan(text: string): void {
    let i = this.#open ? this.#closeOpen(text) : 0;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        const end = stringEnd(text, i);
        if (end < 0) {
          this.#open = [text.slice(i + 1)];
          this.#openBackslashes = backslashesBefore(text, text.length, i + 1);
          return;
        }
        this.#lastIn(text, i + 1, end);
        i = end;
      } else if (c === COMMA) {
        if (++this.#commas > MAX_JSON_VALUES) throw new Errors.JsonTooManyValues(MAX_JSON_VALUES);
      } else if (c === COLON) this.#key();
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (++this.#depth > MAX_JSON_DEPTH) throw new Errors.JsonTooDeep(MAX_JSON_DEPTH);
        if (++this.#containers > MAX_JSON_CONTAINERS)
          throw new Errors.JsonTooManyContainers(MAX_JSON_CONTAINERS);
        this.#keysAt[this.#depth] = 0;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) this.#depth = Math.max(0, this.#depth - 1);
    }
  }

  /** A colon: a key of the object open here, named by the string before it. */
  #key(): void {
    if (++this.#keysAt[this.#depth] > MAX_JSON_OBJECT_KEYS)
      throw new Errors.JsonObjectTooBig(MAX_JSON_OBJECT_KEYS);
    if (this.#lastStart < 0 && this.#lastParts === undefined) return;
    this.#names.add(this.#lastParts?.join('') ?? this.#in.slice(this.#lastStart, this.#lastEnd));
    if (this.#names.size > MAX_JSON_KEY_NAMES) throw new Errors.JsonTooManyKeyNames(MAX_JSON_KEY_NAMES);
  }

  /** The last string is `text` from `start` to `end` (sliced only if it names a key). */
  #lastIn(text: string, start: number, end: number): void {
    this.#lastParts = undefined;
    this.#in = text;
    this.#lastStart = start;
    this.#lastEnd = end;
  }

  /** Where the string left open by the last piece closes in `text`: the index after its quote (or the end). */
  #closeOpen(text: string): number {
    const open = this.#open as string[];
    let end = text.indexOf('"');
    while (end >= 0) {
      const before = backslashesBefore(text, end, 0);
      // A run of backslashes from the piece's start goes on from the last piece's.
      if ((before === end ? before + this.#openBackslashes : before) % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    if (end < 0) {
      open.push(text);
      const trailing = backslashesBefore(text, text.length, 0);
      this.#openBackslashes = trailing === text.length ? this.#openBackslashes + trailing : trailing;
      return text.length;
    }
    open.push(text.slice(0, end));
    this.#open = undefined;
    this.#lastParts = open;
    this.#lastStart = -1;
    return end + 1;
  }
}

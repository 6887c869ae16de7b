import { MAX_PARAM_CHARS, QUERY_PARAMS } from './params.js';
import type { AuditClient, AuditPolicy, AuditRecord, AuditReturned, AuditWho } from './record.js';
import type { KeptBatch } from './stores.js';

// Records as JSON lines, written from their parts: a read queues its record's parts (one small object that
// points at what the read already holds), and each batch of records is written and encoded in one pass, so no
// record is ever an object graph or a string of many pieces that lives until its batch is written. The parts
// that repeat from read to read (who, through which client, what a cached answer returned, what the policy did
// to it) are the same objects each time, so their JSON is written once per object. Each line is exactly
// JSON.stringify of its record, `returned` last.

const MAX_LIST_ITEMS = 20;
const MAX_PARAMS = 40;

/** JSON of objects that recur across records, once per object. */
const written = new WeakMap<object, string>();

function jsonOnce(value: object): string {
  let json = written.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    written.set(value, json);
  }
  return json;
}

/** The second of the last start time written, and its ISO form up to the milliseconds (`…T12:00:05.`). */
let lastSecond = Number.NaN;
let secondIso = '';

/** A start time as ISO 8601 (`2026-11-28T12:00:05.123Z`); a Date is made once a second, not per record. */
function isoOf(time: number): string {
  const ms = ((time % 1000) + 1000) % 1000;
  const second = time - ms;
  if (second !== lastSecond) {
    lastSecond = second;
    secondIso = new Date(second).toISOString().slice(0, 20);
  }
  return `${secondIso}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

const cut = (s: string) => (s.length > MAX_PARAM_CHARS ? `${s.slice(0, MAX_PARAM_CHARS)}…` : s);

/** One parameter's value as a record keeps it, as JSON; undefined: left out. */
function paramJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(cut(value));
    case 'number':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return undefined;
  }
  if (value === null) return 'null';
  if (!Array.isArray(value)) return '"[object]"';
  if (!value.every((item) => typeof item !== 'object' || item === null))
    return JSON.stringify(`[${value.length} items]`);
  const kept = value.slice(0, MAX_LIST_ITEMS).map((item) => paramJson(item) ?? 'null');
  if (value.length > MAX_LIST_ITEMS) kept.push(JSON.stringify(`…and ${value.length - MAX_LIST_ITEMS} more`));
  return `[${kept.join(',')}]`;
}

/**
 * A read's parameters as a record keeps them, as JSON written in one pass: strings cut at MAX_PARAM_CHARS,
 * lists of at most 20 values, nested objects (a tool search's tools) named only by their count; the query
 * text left out unless `recordQueries`.
 */
export function paramsJson(params: object, recordQueries: boolean): string {
  // Most reads' parameters are a few numbers, flags and short strings, kept whole: JSON.stringify then.
  if (recordQueries && keptWhole(params)) return JSON.stringify(params);
  let out = '';
  let n = 0;
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    if (++n > MAX_PARAMS) break;
    if (!recordQueries && QUERY_PARAMS.includes(name)) continue;
    const json = paramJson((params as Record<string, unknown>)[name]);
    if (json === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(name)}:${json}`;
  }
  return `{${out}}`;
}

/** Whether every parameter is kept as it is: at most MAX_PARAMS, each a number, a flag or a short string. */
function keptWhole(params: object): boolean {
  let n = 0;
  for (const name in params) {
    if (!Object.hasOwn(params, name) || ++n > MAX_PARAMS) return false;
    const value = (params as Record<string, unknown>)[name];
    const type = typeof value;
    if (type === 'string') {
      if ((value as string).length > MAX_PARAM_CHARS) return false;
    } else if (type !== 'number' && type !== 'boolean' && type !== 'undefined' && value !== null)
      return false;
  }
  return true;
}

/** Everything a record holds. */
export interface RecordParts {
  time: number;
  requestId: string;
  who: AuditWho;
  client: AuditClient;
  /** The read's name as JSON (a constant of the read). */
  readJson: string;
  /** The read's parameters as it got them, kept as `paramsJson` keeps them when the batch is written. */
  params: object;
  /** Whether a search's query text is kept (AUDIT_RECORD_QUERIES). */
  recordQueries: boolean;
  /** Parameters already kept, as JSON (a record made elsewhere); undefined: written from `params`. */
  keptParamsJson: string | undefined;
  status: AuditRecord['status'];
  httpStatus: number;
  errorCode?: string;
  durationMs: number;
  backend: string | null;
  slackCalls: number;
  cache: AuditRecord['cache'];
  policy: AuditPolicy | null;
  returned: AuditReturned | null;
}

/**
 * `returned` in UTF-8, once per object: a cached answer's is the same object on every hit, often kilobytes.
 * Only its bytes are kept (its JSON text is not needed again).
 */
const returnedBytes = new WeakMap<object, Buffer>();

function bytesOnce(value: object): Buffer {
  let bytes = returnedBytes.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(value));
    returnedBytes.set(value, bytes);
  }
  return bytes;
}

/** Pushes the pieces of the record's JSON line up to `"returned":` onto `out`. */
function pushLine(out: string[], p: RecordParts): void {
  out.push(
    '{"time":"',
    isoOf(p.time),
    '","request_id":',
    JSON.stringify(p.requestId),
    ',"who":',
    jsonOnce(p.who),
    ',"client":',
    jsonOnce(p.client),
    ',"read":',
    p.readJson,
    ',"params":',
    p.keptParamsJson ?? paramsJson(p.params, p.recordQueries),
    ',"status":"',
    p.status,
    '","http_status":',
    String(p.httpStatus),
  );
  if (p.errorCode !== undefined) out.push(',"error_code":', JSON.stringify(p.errorCode));
  out.push(
    ',"duration_ms":',
    String(p.durationMs),
    ',"backend":',
    p.backend === null ? 'null' : JSON.stringify(p.backend),
    ',"slack_calls":',
    String(p.slackCalls),
    ',"cache":',
    p.cache === null ? 'null' : `"${p.cache}"`,
    ',"policy":',
    p.policy === null ? 'null' : jsonOnce(p.policy),
    ',"returned":',
  );
}

/**
 * Records as one batch: their lines in UTF-8, each ending with a newline, encoded once into one buffer of the
 * exact size. A record whose parts cannot be written (never expected: a parameter that throws when read) is
 * left out, its error in `faults`.
 */
export function batchOf(records: readonly RecordParts[]): KeptBatch & { faults: Error[] } {
  // Each line is its head (written here), then `returned` (bytes kept per object, copied), then `}` and `\n`.
  const heads: string[] = [];
  const tails: Buffer[] = [];
  const at: number[] = [];
  let bytes = 0;
  const faults: Error[] = [];
  for (const record of records) {
    const pieces: string[] = [];
    let tail: Buffer;
    try {
      pushLine(pieces, record);
      tail = record.returned === null ? NULL : bytesOnce(record.returned);
    } catch (fault) {
      faults.push(fault as Error);
      continue;
    }
    const head = pieces.join('');
    heads.push(head);
    tails.push(tail);
    at.push(record.time);
    bytes += Buffer.byteLength(head) + tail.length + 2;
  }
  const buffer = Buffer.allocUnsafe(bytes);
  const end: number[] = [];
  let offset = 0;
  for (let i = 0; i < heads.length; i++) {
    offset += buffer.write(heads[i] as string, offset);
    offset += (tails[i] as Buffer).copy(buffer, offset);
    buffer[offset++] = 0x7d; // }
    end.push(offset);
    buffer[offset++] = 0x0a;
  }
  return { bytes: buffer, at, end, faults };
}

const NULL = Buffer.from('null');

/** A whole record's parts, for records made elsewhere (tests, benches): its parameters written as they are. */
export function partsOf(record: AuditRecord): RecordParts {
  return {
    time: Date.parse(record.time),
    requestId: record.request_id,
    who: record.who,
    client: record.client,
    readJson: JSON.stringify(record.read),
    params: record.params,
    recordQueries: true,
    keptParamsJson: JSON.stringify(record.params),
    status: record.status,
    httpStatus: record.http_status,
    errorCode: record.error_code,
    durationMs: record.duration_ms,
    backend: record.backend,
    slackCalls: record.slack_calls,
    cache: record.cache,
    policy: record.policy,
    returned: record.returned,
  };
}

import { MAX_PARAM_CHARS, QUERY_PARAMS } from './params.js';
import type { AuditClient, AuditPolicy, AuditRecord, AuditReturned, AuditWho } from './record.js';

// A record as its JSON line, written straight from its parts: a read's record is one string, never an object
// graph to build, stringify and collect. The parts that repeat from read to read (who, through which client,
// what a cached answer returned, what the policy did to it) are the same objects each time, so their JSON is
// written once per object. The line is exactly JSON.stringify of the record, `returned` last.

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

/** The last start time written: records of one millisecond share its ISO form. */
let lastTime = Number.NaN;
let lastIso = '';

function isoOf(time: number): string {
  if (time !== lastTime) {
    lastTime = time;
    lastIso = new Date(time).toISOString();
  }
  return lastIso;
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

/** Everything a record holds, its parameters already written (`paramsJson`). */
export interface RecordParts {
  time: number;
  requestId: string;
  who: AuditWho;
  client: AuditClient;
  /** The read's name as JSON (a constant of the read). */
  readJson: string;
  paramsJson: string;
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

/** The record's JSON line (without the newline). */
export function recordLine(p: RecordParts): string {
  return (
    `{"time":"${isoOf(p.time)}","request_id":${JSON.stringify(p.requestId)},"who":${jsonOnce(p.who)}` +
    `,"client":${jsonOnce(p.client)},"read":${p.readJson},"params":${p.paramsJson}` +
    `,"status":"${p.status}","http_status":${p.httpStatus}` +
    (p.errorCode === undefined ? '' : `,"error_code":${JSON.stringify(p.errorCode)}`) +
    `,"duration_ms":${p.durationMs},"backend":${p.backend === null ? 'null' : JSON.stringify(p.backend)}` +
    `,"slack_calls":${p.slackCalls},"cache":${p.cache === null ? 'null' : `"${p.cache}"`}` +
    `,"policy":${p.policy === null ? 'null' : jsonOnce(p.policy)}` +
    `,"returned":${p.returned === null ? 'null' : jsonOnce(p.returned)}}`
  );
}

/** A whole record's line (what `recordLine` writes from its parts), for records made elsewhere. */
export function recordJson(record: AuditRecord): string {
  const { returned, ...rest } = record;
  return `${JSON.stringify(rest).slice(0, -1)},"returned":${returned === null ? 'null' : jsonOnce(returned)}}`;
}

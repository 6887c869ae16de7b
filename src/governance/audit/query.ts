import { type Static, Type } from '@sinclair/typebox';
import { Errors } from '../../errors.js';
import type { AuditRecord } from './record.js';
import type { AuditStore, ScanPosition } from './stores.js';

/** Records a page holds at most. */
export const MAX_PAGE = 200;

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** What GET /admin/audit (and the admin page) asks of the window: filters that combine, and a page. */
export const AuditQuery = Type.Object(
  {
    person: Type.Optional(Id('A signed-in person (T…:U…), an API token’s name, or stdio:<user>')),
    client: Type.Optional(Id('An OAuth client’s id or name, or an MCP client’s self-reported name')),
    read: Type.Optional(Id('A read, by its name (search-messages, thread-replies, …)')),
    channel: Type.Optional(
      Type.String({
        pattern: '^[CDG][A-Z0-9]{2,30}$',
        description: 'A channel id the read was asked about or returned',
      }),
    ),
    since: Type.Optional(
      Type.String({ format: 'date-time', description: 'Reads started at or after (ISO 8601)' }),
    ),
    until: Type.Optional(
      Type.String({ format: 'date-time', description: 'Reads started before (ISO 8601)' }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 50, description: 'Records on a page' }),
    cursor: Type.Optional(
      Type.String({ maxLength: 64, description: 'next_cursor of the page before, as it came' }),
    ),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

export interface AuditPage {
  records: AuditRecord[];
  /** Where the next page starts; absent once the scan reached the end (or `since`). */
  next_cursor?: string;
}

/** Records examined at most for one page: a narrow filter answers a short page and a cursor, not a long wait. */
export const SCAN_BUDGET = 5000;
const BATCH = 500;

const CURSOR = /^a1\.(\d{1,16})\.(\d{1,7})$/;
const encodeCursor = (p: ScanPosition) => `a1.${p.at}.${p.skip}`;

function decodeCursor(cursor: string): ScanPosition {
  const m = CURSOR.exec(cursor);
  if (!m) throw new Errors.BadRequest('cursor is not one this service gave: pass next_cursor as it came');
  return { at: Number(m[1]), skip: Number(m[2]) };
}

function timeOf(name: 'since' | 'until', value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new Errors.BadRequest(`${name} must be a date-time like 2026-03-05T14:00:00Z`);
  return at;
}

/** Whether a record passes the query's filters (the time range is the scan's). */
export function matches(record: AuditRecord, q: AuditQuery): boolean {
  if (q.person !== undefined && record.who.id !== q.person) return false;
  if (q.read !== undefined && record.read !== q.read) return false;
  const { client } = record;
  if (q.client !== undefined && ![client.id, client.name, client.mcp_name].includes(q.client)) return false;
  if (q.channel !== undefined) {
    const asked = record.params.channel;
    if (asked !== q.channel && !record.returned?.channels.includes(q.channel)) return false;
  }
  return true;
}

/**
 * A page of records, newest first: the window scanned from the cursor (or `until`) back to `since`, at most
 * SCAN_BUDGET records examined; a page may be short with a next_cursor when the budget ran out first.
 */
export async function queryAudit(store: AuditStore, q: AuditQuery): Promise<AuditPage> {
  const since = timeOf('since', q.since) ?? Number.NEGATIVE_INFINITY;
  const until = timeOf('until', q.until);
  let from: ScanPosition | undefined = q.cursor
    ? decodeCursor(q.cursor)
    : until === undefined
      ? undefined
      : { at: until - 1, skip: 0 };
  const records: AuditRecord[] = [];
  let examined = 0;
  while (records.length < q.limit && examined < SCAN_BUDGET) {
    const asked = Math.min(BATCH, SCAN_BUDGET - examined);
    const batch = await store.scan(from, asked);
    for (const { at, record } of batch) {
      if (at < since) return { records };
      examined++;
      from = { at, skip: from && from.at === at ? from.skip + 1 : 1 };
      if (matches(record, q)) records.push(record);
      if (records.length === q.limit) break;
    }
    if (records.length < q.limit && batch.length < asked) return { records };
  }
  return from ? { records, next_cursor: encodeCursor(from) } : { records };
}

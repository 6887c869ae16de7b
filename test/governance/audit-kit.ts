import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryAudit } from '../../src/governance/audit/query.js';
import type { AuditRecord } from '../../src/governance/audit/record.js';

/** Every record the app keeps, newest first, once every queued one is written. */
export async function keptRecords(app: FastifyInstance): Promise<AuditRecord[]> {
  await app.audit.trail.flush();
  const store = app.audit.trail.store;
  if (!store) throw new Error('this app keeps no audit window');
  return (await queryAudit(store, { limit: 200 })).records;
}

/** The only record kept since `before` records, after its varying fields are checked and fixed. */
export async function lastRecord(app: FastifyInstance): Promise<AuditRecord> {
  const [record] = await keptRecords(app);
  if (!record) throw new Error('no audit record');
  return steady(record);
}

/** A record with its time, request id and duration checked for their form and set to fixed values. */
export function steady(record: AuditRecord): AuditRecord {
  expect(Date.parse(record.time)).toBeGreaterThan(Date.now() - 120_000);
  expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(record.duration_ms).toBeGreaterThanOrEqual(0);
  expect(record.duration_ms).toBeLessThan(30_000);
  expect(record.request_id.length).toBeGreaterThan(0);
  return { ...record, time: 'T', request_id: 'R', duration_ms: 0 };
}

/** Fields of answers that carry what people wrote (messages, files, channel topics), or a text made of it. */
const TEXT_KEYS = new Set([
  'text',
  'preview',
  'content',
  'topic',
  'purpose',
  'title',
  'description',
  'summary',
]);

/** Every text an answer carries, at least `min` characters long. */
export function textsOf(value: unknown, min = 8, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) textsOf(v, min, out);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value))
      if (typeof v === 'string') {
        if (TEXT_KEYS.has(key) && v.length >= min) out.push(v);
      } else textsOf(v, min, out);
  return out;
}

import type { RedisClient } from '../../redis/redis-client.js';
import type { AuditSettings } from './audit-read.js';
import { lineSink } from './sink.js';
import { createAuditStore } from './stores.js';
import { type AuditOutcome, AuditTrail } from './trail.js';

/** The settings the audit reads (src/config.ts). */
export interface AuditConfig {
  AUDIT_LOG: string;
  AUDIT_RECORD_QUERIES: 'true' | 'false';
  AUDIT_MAX_RECORDS: number;
  AUDIT_RETENTION_HOURS: number;
  AUDIT_QUEUE_MAX: number;
}

export interface AuditDeps {
  clock: () => number;
  /** The shared Redis: the kept window is there, so that any replica answers. Absent: process memory. */
  redis?: RedisClient;
  onOutcome?: (outcome: AuditOutcome, records: number) => void;
  onError?: (err: Error) => void;
}

/** The audit of one app: its trail (the JSON lines and the kept window) and how reads are recorded. */
export function createAudit(config: AuditConfig, deps: AuditDeps): AuditSettings {
  const bounds = {
    maxRecords: config.AUDIT_MAX_RECORDS,
    retentionMs: config.AUDIT_RETENTION_HOURS * 3_600_000,
    clock: deps.clock,
  };
  const store =
    config.AUDIT_MAX_RECORDS > 0
      ? createAuditStore(deps.redis ? 'redis' : 'memory', bounds, deps.redis)
      : undefined;
  const trail = new AuditTrail({
    store,
    sink: lineSink(config.AUDIT_LOG, (err) => deps.onError?.(err)),
    queueMax: config.AUDIT_QUEUE_MAX,
    onOutcome: deps.onOutcome,
    onError: deps.onError,
  });
  return { trail, recordQueries: config.AUDIT_RECORD_QUERIES === 'true', clock: deps.clock };
}

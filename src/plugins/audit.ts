import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAudit } from '../governance/audit/audit.js';
import type { AuditSettings } from '../governance/audit/audit-read.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit of every read: its trail (JSON lines, the kept window) and how reads are recorded. */
    audit: AuditSettings;
  }
}

/** A failed audit write is logged at most once a minute (the counter in /metrics has them all). */
const ERROR_LOG_INTERVAL_MS = 60_000;

async function audit(app: FastifyInstance) {
  const log = app.log.child({ component: 'audit' });
  let loggedAt = Number.NEGATIVE_INFINITY;
  const settings = createAudit(app.config, {
    clock: app.clock,
    redis: app.redis?.client,
    onOutcome: app.metrics.onAuditRecords,
    onError: (err) => {
      const now = Date.now();
      if (now - loggedAt < ERROR_LOG_INTERVAL_MS) return;
      loggedAt = now;
      log.warn({ code: (err as NodeJS.ErrnoException).code, reason: err.message }, 'audit write failed');
    },
  });
  app.decorate('audit', settings);
  // After the routes have answered: every record of a read that finished is written before the app closes.
  app.addHook('onClose', async () => settings.trail.close());
}

export default fp(audit, {
  name: 'audit',
  dependencies: ['config', 'metrics', 'redis'],
  decorators: { fastify: ['config', 'metrics', 'redis'] },
});

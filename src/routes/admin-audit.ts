import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Errors, withRetryAfter } from '../errors.js';
import { adminPeople, adminRefusal } from '../governance/audit/admins.js';
import { queryAudit } from '../governance/audit/query.js';
import { adminAuditSchema } from './admin-audit.schema.js';

/** How long a client waits before asking again while the kept window cannot be read (Redis away). */
const UNAVAILABLE_RETRY_S = 5;

/** GET /admin/audit: a page of the audit, for admins only. */
export default async function adminAuditRoute(app: FastifyInstance) {
  const admins = adminPeople(app.config.ADMIN_PEOPLE);
  const adminsOnly: onRequestHookHandler = (request: FastifyRequest, _reply, done) => {
    const { person, apiClient } = request;
    const refused = adminRefusal({ person, token: person ? undefined : apiClient }, admins);
    done(refused === undefined ? undefined : new Errors.AdminOnly(refused));
  };
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/admin/audit',
      { schema: adminAuditSchema, onRequest: [app.authenticate, adminsOnly] },
      async (request) => {
        const { store } = app.audit.trail;
        if (!store) return { records: [] };
        try {
          return await queryAudit(store, request.query);
        } catch (err) {
          if ((err as { statusCode?: number }).statusCode === 400) throw err;
          request.log.warn({ reason: (err as Error).message }, 'the audit window cannot be read');
          throw withRetryAfter(
            new Errors.AuditUnavailable('the shared store did not answer; retry shortly'),
            UNAVAILABLE_RETRY_S,
          );
        }
      },
    );
}

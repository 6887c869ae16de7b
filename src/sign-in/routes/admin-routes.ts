import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { adminPeople } from '../../governance/audit/admins.js';
import { AdminPage } from '../admin-page.js';
import { adminPageSchema } from './admin.schema.js';
import { answerWithPages, browserOfRequest, sendOutcome } from './browser.js';
import { signInOf } from './sign-in-of.js';

/** The admin page: the audit's recent reads, for signed-in people named in ADMIN_PEOPLE. */
export default async function adminRoutes(fastify: FastifyInstance) {
  answerWithPages(fastify);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const page = new AdminPage({
    store: app.audit.trail.store,
    admins: adminPeople(app.config.ADMIN_PEOPLE),
    signedInPerson: (browser) => signInOf(app).signedInPerson(browser),
  });
  // The page's form sends every filter, the empty ones too: an empty filter is no filter.
  const withoutEmpty: preValidationHookHandler = (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const [name, value] of Object.entries(query)) if (value === '') delete query[name];
    done();
  };
  app.get('/admin', { schema: adminPageSchema, preValidation: withoutEmpty }, async (request, reply) =>
    sendOutcome(reply, await page.show(request.query, browserOfRequest(request))),
  );
}

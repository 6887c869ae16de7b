import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { readBodyText } from '../../http/read-body-text.js';
import { eventsSchema } from './events.schema.js';
import { signInOf } from './sign-in-of.js';

const EVENT_BODY_LIMIT = 1024 * 1024;
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** POST /slack/events: Slack's Events API, verified by its v0 signature over the raw body. */
export default async function eventsRoute(fastify: FastifyInstance) {
  // The signature covers the bytes as sent: this route reads JSON as text and parses it after the check.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request, payload, done) => {
    readBodyText(payload, Number(request.headers['content-length']), EVENT_BODY_LIMIT, (err, text = '') =>
      done(err, err ? undefined : text),
    );
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/slack/events', { bodyLimit: EVENT_BODY_LIMIT, schema: eventsSchema }, async (request) => {
    const outcome = await signInOf(app).event(request.body ?? '', {
      timestamp: header(request.headers['x-slack-request-timestamp']),
      signature: header(request.headers['x-slack-signature']),
    });
    return outcome.kind === 'challenge' ? { challenge: outcome.challenge } : { ok: true };
  });
}

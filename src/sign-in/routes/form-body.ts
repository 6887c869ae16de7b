import type { FastifyInstance } from 'fastify';
import { readBodyText } from '../../http/read-body-text.js';

/** Form bodies are small: OAuth parameters and a few hidden fields. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * application/x-www-form-urlencoded for the routes of this (encapsulated) plugin, read with the same limits
 * as JSON bodies; a field sent twice becomes an array, which the route's schema refuses (RFC 6749 §3.1: a
 * parameter must not be included more than once).
 */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? FORM_BODY_LIMIT;
    readBodyText(payload, Number(request.headers['content-length']), limit, (err, text = '') => {
      if (err) return done(err, undefined);
      const form: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(text)) {
        const seen = form[name];
        form[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, form);
    });
  });
}

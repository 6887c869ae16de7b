import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PageOutcome, refusal, tooMany } from '../outcome.js';
import { PAGE_HEADERS } from '../pages.js';
import type { Browser } from '../sessions.js';
import { signInOf } from './sign-in-of.js';

/** What a browser's request carries: its session, the value consent forms are bound to, its trip to Slack. */
export const browserOfRequest = (request: FastifyRequest): Browser =>
  signInOf(request.server).browserOf(request.headers.cookie);

/** A page or a redirect, with its cookies; after a form (a POST), 303 so the browser follows with a GET. */
export function sendOutcome(reply: FastifyReply, outcome: PageOutcome) {
  // @slack/oauth clears its state cookie on the raw response; ours (same name and path) is in `cookies`.
  reply.raw.removeHeader('set-cookie');
  if (outcome.cookies?.length) reply.header('set-cookie', outcome.cookies);
  reply.header('cache-control', 'no-store');
  if (outcome.kind === 'page' && outcome.retryAfterS)
    reply.header('retry-after', String(outcome.retryAfterS));
  if (outcome.kind === 'redirect')
    return reply.redirect(outcome.location, reply.request.method === 'POST' ? 303 : 302);
  return reply.code(outcome.status).headers(PAGE_HEADERS).send(outcome.html);
}

/**
 * For the browser's routes of this (encapsulated) plugin: a request refused before its handler for what it
 * carries (a parameter given twice, a form that fails its schema or is not UTF-8) is a 400 page saying so, as
 * their other refusals are; JSON bodies are not read at all (415: these routes take forms). Other errors go
 * to the app's handler.
 */
export function answerWithPages(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  const parent = app.errorHandler;
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err.statusCode === 429) {
      const retryAfterS = (err as { retryAfterSeconds?: number }).retryAfterSeconds ?? 60;
      return sendOutcome(reply, tooMany({ retryAfterS, message: err.message }));
    }
    if (err.statusCode !== 400 && !err.validation) return parent.call(app, err, request, reply);
    request.log.info({ code: err.code, status: 400 }, err.message);
    return sendOutcome(reply, refusal(400, 'Not a request this page sends', err.message));
  });
}

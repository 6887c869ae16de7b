import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageOutcome } from '../outcome.js';
import { PAGE_HEADERS } from '../pages.js';
import { type Browser, browserOf } from '../sessions.js';

/** What a browser's request carries: its session, the value consent forms are bound to, its trip to Slack. */
export const browserOfRequest = (request: FastifyRequest): Browser => browserOf(request.headers.cookie);

/** A page or a redirect, with its cookies; after a form (a POST), 303 so the browser follows with a GET. */
export function sendOutcome(reply: FastifyReply, outcome: PageOutcome) {
  // @slack/oauth clears its state cookie on the raw response; ours (same name and path) is in `cookies`.
  reply.raw.removeHeader('set-cookie');
  if (outcome.cookies?.length) reply.header('set-cookie', outcome.cookies);
  reply.header('cache-control', 'no-store');
  if (outcome.kind === 'redirect')
    return reply.redirect(outcome.location, reply.request.method === 'POST' ? 303 : 302);
  return reply.code(outcome.status).headers(PAGE_HEADERS).send(outcome.html);
}

import type { FastifyReply } from 'fastify';
import type { PageOutcome } from '../outcome.js';
import { PAGE_HEADERS } from '../pages.js';

/** A page or a redirect, with its cookies; after a form, 303 so the browser follows with a GET. */
export function sendOutcome(reply: FastifyReply, outcome: PageOutcome, afterForm = false) {
  // @slack/oauth clears its state cookie on the raw response; ours (same name and path) is in `cookies`.
  reply.raw.removeHeader('set-cookie');
  if (outcome.cookies?.length) reply.header('set-cookie', outcome.cookies);
  reply.header('cache-control', 'no-store');
  if (outcome.kind === 'redirect') return reply.redirect(outcome.location, afterForm ? 303 : 302);
  return reply.code(outcome.status).headers(PAGE_HEADERS).send(outcome.html);
}

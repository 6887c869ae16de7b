import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadCaller } from '../reads/caller.js';

/**
 * The caller behind an HTTP request (a REST read or /mcp): its token, project, deadline, Slack access and, for
 * a signed-in person, what they let this client read (the scope of the token's grant).
 */
export const readCaller = (app: FastifyInstance, request: FastifyRequest): ReadCaller => ({
  log: request.log,
  apiClient: request.apiClient,
  project: request.project,
  deadline: request.deadline,
  grantedKinds: request.person?.grantedKinds,
  slackAccess: () => app.slackAccess(request),
});

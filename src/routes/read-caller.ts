import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kindsOfScopes } from '../governance/consent-scopes.js';
import type { ReadCaller } from '../reads/caller.js';

/** The caller behind an HTTP request (a REST read or /mcp): its token, project, deadline and Slack access. */
export const readCaller = (app: FastifyInstance, request: FastifyRequest): ReadCaller => ({
  log: request.log,
  apiClient: request.apiClient,
  project: request.project,
  deadline: request.deadline,
  // What the person granted this client (slack:read, the scope before consent had levels, is everything).
  ...(request.person ? { grantedKinds: kindsOfScopes(request.person.grant.scope.split(' ')) } : {}),
  slackAccess: () => app.slackAccess(request),
});

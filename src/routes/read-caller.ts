import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadCaller } from '../reads/caller.js';

/** The caller behind an HTTP request (a REST read or /mcp): its token, project, deadline and Slack access. */
export const readCaller = (app: FastifyInstance, request: FastifyRequest): ReadCaller => ({
  log: request.log,
  apiClient: request.apiClient,
  project: request.project,
  deadline: request.deadline,
  slackAccess: () => app.slackAccess(request),
});

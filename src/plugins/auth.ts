import bearerAuth from '@fastify/bearer-auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../errors.js';
import { type ApiClient, findApiClient, loadApiTokens } from './api-tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for protected routes: bearer token, then the project the caller names. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    apiClient?: ApiClient;
    /** The caller's project (X-Project-Id or x-mcpr-project); undefined when none. */
    project?: string;
  }
}

const NO_PROJECT = new Set(['', '__unassigned__']);

function projectOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['x-project-id'] ?? request.headers['x-mcpr-project'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return NO_PROJECT.has(value) ? undefined : value;
}

async function auth(app: FastifyInstance) {
  const records = loadApiTokens(app.config.API_TOKENS, app.config.API_TOKENS_FILE);
  // Only a listening server has protected routes to warn about (the stdio MCP server never listens).
  if (records.length === 0)
    app.addHook('onListen', async () => {
      app.log.warn('no API_TOKENS or API_TOKENS_FILE: every protected route will answer 401');
    });
  const verify = app.verifyBearerAuthFactory?.({
    keys: [],
    addHook: false,
    verifyErrorLogLevel: 'debug',
    auth: (token, request) => {
      request.apiClient = findApiClient(records, token);
      return request.apiClient !== undefined;
    },
  });
  if (!verify) throw new Error('@fastify/bearer-auth did not provide verifyBearerAuthFactory');

  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    await new Promise<void>((resolve, reject) =>
      verify(request, reply, (err) => (err ? reject(err) : resolve())),
    );
    const project = projectOf(request);
    const allowed = request.apiClient?.projects;
    if (project !== undefined && allowed !== '*' && !allowed?.has(project)) {
      throw new Errors.ProjectForbidden(JSON.stringify(project.slice(0, 100)));
    }
    request.project = project;
  });
}

export default fp(
  async (app: FastifyInstance) => {
    await app.register(bearerAuth, { keys: [], addHook: false });
    await auth(app);
  },
  { name: 'auth', dependencies: ['config', 'error-handler'] },
);

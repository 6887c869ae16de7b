import bearerAuth from '@fastify/bearer-auth';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AccessArea,
  type ApiClient,
  assertAccess,
  createClientLookup,
  loadApiTokens,
} from '../access/api-tokens.js';
import { Errors, withRetryAfter } from '../errors.js';
import { FailureLimiter } from '../http/failure-limiter.js';
import { bearerChallenge, personClient, signedInBearer } from '../sign-in/bearer.js';
import type { SignedInPerson } from '../sign-in/sign-in.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook for protected routes: bearer token, the project the caller names, and the area the
     * route's tag names (`slack`, `catalog`).
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** Throws 403 unless the authenticated token may reach `area` (for front ends without route tags, e.g. MCP). */
    requireAccess: (request: FastifyRequest, area: AccessArea) => void;
  }
  interface FastifyRequest {
    apiClient?: ApiClient;
    /** A signed-in person (an access token this server issued): the request acts with their Slack token only. */
    person?: SignedInPerson;
    /** The caller's project (X-Project-Id or x-mcpr-project); undefined when none. */
    project?: string;
  }
}

const NO_PROJECT = new Set(['', '__unassigned__']);
const AREAS = new Set<string>(['catalog', 'slack']);

// X-Project-Id wins whenever it is sent, even empty: an empty header must not let x-mcpr-project through.
function projectOf(request: FastifyRequest): string | undefined {
  const { headers } = request;
  const raw = headers['x-project-id'] !== undefined ? headers['x-project-id'] : headers['x-mcpr-project'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return NO_PROJECT.has(value) ? undefined : value;
}

async function auth(app: FastifyInstance) {
  const { config } = app;
  const records = loadApiTokens(config.API_TOKENS, config.API_TOKENS_FILE, config.KEY_HASH_SECRET);
  // Only a listening server has protected routes to warn about (the stdio MCP server never listens).
  if (records.length === 0)
    app.addHook('onListen', async () => {
      app.log.warn('no API_TOKENS or API_TOKENS_FILE: every protected route will answer 401');
    });
  const clientOf = createClientLookup(records);
  const failures = new FailureLimiter({
    max: config.AUTH_FAILURES_MAX,
    windowMs: config.AUTH_FAILURES_WINDOW_MS,
  });
  const verify = app.verifyBearerAuthFactory?.({
    keys: [],
    addHook: false,
    verifyErrorLogLevel: 'debug',
    // RFC 7235: the scheme is case-insensitive (`bearer …` is as good as `Bearer …`).
    specCompliance: 'rfc6749',
    auth: (token, request) => {
      request.apiClient = clientOf(token);
      return request.apiClient !== undefined;
    },
  });
  if (!verify) throw new Error('@fastify/bearer-auth did not provide verifyBearerAuthFactory');

  const requireAccess = (request: FastifyRequest, area: AccessArea) => {
    if (!request.apiClient) throw new Errors.AccessForbidden(area);
    assertAccess(request.apiClient, area);
  };
  app.decorate('requireAccess', requireAccess);

  /** The project and the route's area, once the bearer token is known; throws when either is refused. */
  const admit = (request: FastifyRequest) => {
    const project = projectOf(request);
    const allowed = request.apiClient?.projects;
    if (allowed !== '*') {
      if (project === undefined) throw new Errors.ProjectRequired();
      if (!allowed?.has(project)) throw new Errors.ProjectForbidden(JSON.stringify(project.slice(0, 100)));
    }
    request.project = project;
    for (const tag of request.routeOptions.schema?.tags ?? []) {
      if (AREAS.has(tag)) requireAccess(request, tag as AccessArea);
    }
  };

  /** A refused bearer token: counted per address (past the limit, 429); a 401 says how to sign in. */
  const refuse = (request: FastifyRequest, err: Error, done: HookHandlerDoneFunction) => {
    const challenged = bearerChallenge(app.signIn, request, err);
    if (request.headers.authorization === undefined) return done(challenged);
    const wait = failures.retryAfterS(request.ip);
    if (wait > 0) return done(withRetryAfter(new Errors.AuthRateLimited(wait), wait));
    failures.record(request.ip);
    return done(challenged);
  };
  const admitted = (request: FastifyRequest, done: HookHandlerDoneFunction) => {
    try {
      admit(request);
    } catch (refused) {
      return done(refused as Error);
    }
    done();
  };

  // Callback style: on every protected request's path, so no promise of its own.
  app.decorate(
    'authenticate',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      // An access token this server issued to a signed-in person (only when sign-in is configured).
      // (An API token that happens to look like one stays an API token.)
      const issued = signedInBearer(app.signIn, request.headers.authorization);
      if (issued !== undefined && !clientOf(issued)) {
        app.signIn?.authenticate(issued).then(
          (person) => {
            request.person = person;
            request.apiClient = personClient(person, config.KEY_HASH_SECRET);
            admitted(request, done);
          },
          (err: Error & { statusCode?: number }) =>
            err.statusCode === 401 ? refuse(request, err, done) : done(err),
        );
        return;
      }
      verify(request, reply, (err) => {
        // A valid token always passes: behind a NAT or a proxy, others' failures share its address.
        if (err) return refuse(request, err, done);
        admitted(request, done);
      });
    },
  );
}

export default fp(
  async (app: FastifyInstance) => {
    await app.register(bearerAuth, { keys: [], addHook: false, specCompliance: 'rfc6749' });
    await auth(app);
  },
  { name: 'auth', dependencies: ['config', 'error-handler'] },
);

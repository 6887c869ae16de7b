import bearerAuth, { type verifyBearerAuth } from '@fastify/bearer-auth';
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
import type { SignedInPerson, SignIn } from '../sign-in/sign-in.js';

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
const AREAS: ReadonlySet<string> = new Set<AccessArea>(['catalog', 'slack']);
const isArea = (tag: string): tag is AccessArea => AREAS.has(tag);

type Done = HookHandlerDoneFunction;

// X-Project-Id wins whenever it is sent, even empty: an empty header must not let x-mcpr-project through.
function projectOf(request: FastifyRequest): string | undefined {
  const { headers } = request;
  const raw = headers['x-project-id'] !== undefined ? headers['x-project-id'] : headers['x-mcpr-project'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return NO_PROJECT.has(value) ? undefined : value;
}

function requireAccess(request: FastifyRequest, area: AccessArea): void {
  if (!request.apiClient) throw new Errors.AccessForbidden(area);
  assertAccess(request.apiClient, area);
}

/** The project and the route's area, once the bearer token is known; throws when either is refused. */
function admit(request: FastifyRequest): void {
  const project = projectOf(request);
  const allowed = request.apiClient?.projects;
  if (allowed !== '*') {
    if (project === undefined) throw new Errors.ProjectRequired();
    if (!allowed?.has(project)) throw new Errors.ProjectForbidden(JSON.stringify(project.slice(0, 100)));
  }
  request.project = project;
  for (const tag of request.routeOptions.schema?.tags ?? []) if (isArea(tag)) requireAccess(request, tag);
}

function admitted(request: FastifyRequest, done: Done) {
  try {
    admit(request);
  } catch (refused) {
    return done(refused as Error);
  }
  done();
}

/**
 * Who a protected request is: a person signed in with Slack (an access token sign-in issued), or an API token
 * (checked by @fastify/bearer-auth); then the project it names and the area its route is in. Refused bearer
 * tokens are counted per address.
 */
class Authenticator {
  readonly #failures: FailureLimiter;
  readonly #verify: verifyBearerAuth;

  constructor(
    private readonly app: FastifyInstance,
    private readonly clientOf: (token: string) => ApiClient | undefined,
  ) {
    const { config } = app;
    this.#failures = new FailureLimiter({
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
    this.#verify = verify;
  }

  // Callback style: on every protected request's path, so no promise of its own.
  authenticate(request: FastifyRequest, reply: FastifyReply, done: Done) {
    // An access token this server issued to a signed-in person (only when sign-in is configured).
    // (An API token that happens to look like one stays an API token.)
    const { signIn } = this.app;
    const issued = signedInBearer(signIn, request.headers.authorization);
    if (signIn && issued !== undefined && !this.clientOf(issued))
      return this.#asPerson(signIn, issued, request, done);
    this.#verify(request, reply, (err) => {
      // A valid token always passes: behind a NAT or a proxy, others' failures share its address.
      if (err) return this.#refuse(request, err, done);
      admitted(request, done);
    });
  }

  #asPerson(signIn: SignIn, token: string, request: FastifyRequest, done: Done) {
    signIn.authenticate(token).then(
      (person) => {
        request.person = person;
        request.apiClient = personClient(person, this.app.config.KEY_HASH_SECRET);
        admitted(request, done);
      },
      (err: Error & { statusCode?: number }) =>
        err.statusCode === 401 ? this.#refuse(request, err, done) : done(err),
    );
  }

  /** A refused bearer token: counted per address (past the limit, 429); a 401 says how to sign in. */
  #refuse(request: FastifyRequest, err: Error, done: Done) {
    const challenged = bearerChallenge(this.app.signIn, request, err);
    if (request.headers.authorization === undefined) return done(challenged);
    const wait = this.#failures.retryAfterS(request.ip);
    if (wait > 0) return done(withRetryAfter(new Errors.AuthRateLimited(wait), wait));
    this.#failures.record(request.ip);
    return done(challenged);
  }
}

async function auth(app: FastifyInstance) {
  const { config } = app;
  const records = loadApiTokens(config.API_TOKENS, config.API_TOKENS_FILE, config.KEY_HASH_SECRET);
  // Only a listening server has protected routes to warn about (the stdio MCP server never listens).
  if (records.length === 0)
    app.addHook('onListen', async () => {
      app.log.warn(
        app.signIn
          ? 'no API_TOKENS or API_TOKENS_FILE: protected routes accept only the access tokens of people signed in with Slack (an MCP client signs in by itself; /signin gives a personal token)'
          : 'no API_TOKENS or API_TOKENS_FILE: every protected route will answer 401',
      );
    });
  const authenticator = new Authenticator(app, createClientLookup(records));
  app.decorate('requireAccess', requireAccess);
  app.decorate('authenticate', (request: FastifyRequest, reply: FastifyReply, done: Done) =>
    authenticator.authenticate(request, reply, done),
  );
}

export default fp(
  async (app: FastifyInstance) => {
    await app.register(bearerAuth, { keys: [], addHook: false, specCompliance: 'rfc6749' });
    await auth(app);
  },
  { name: 'auth', dependencies: ['config', 'error-handler'] },
);

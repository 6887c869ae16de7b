import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import { type ConversationKind, kindsOfScopes } from '../governance/consent-scopes.js';
import { AnonymousQuota } from './anonymous-quota.js';
import { type EventOutcome, handleEvent, signatureProblem } from './events.js';
import { RecordNames } from './names.js';
import { Approvals } from './oauth/approvals.js';
import { Authorization } from './oauth/authorization.js';
import { Clients } from './oauth/clients.js';
import { ACCESS_TOKEN_PREFIX, type Grant, Grants } from './oauth/grants.js';
import type { SafeFetchOptions } from './oauth/safe-fetch.js';
import { scopesOf } from './oauth/scopes.js';
import { TokenEndpoint } from './oauth/token-endpoint.js';
import { type PageOutcome, redirectTo, refusal } from './outcome.js';
import { installIdOf, People, type PersonRecord } from './people.js';
import { PeoplePage } from './people-page.js';
import { type PersonSlackToken, PersonWorkspaces } from './person-workspaces.js';
import { isOwnResource } from './public-base.js';
import type { RecordStore } from './record-store.js';
import type { CallbackQuery } from './requests.js';
import { type Browser, CookieJar, Sessions } from './sessions.js';
import type { SignInSettings } from './settings.js';
import { SlackOAuth } from './slack-oauth.js';
import { TokenCipher } from './token-cipher.js';
import { TokenRotation } from './token-rotation.js';

/** How long an event id is remembered: past Slack's five minutes of accepted skew and its redeliveries. */
const EVENT_MEMORY_MS = 15 * 60_000;

/**
 * A request made by a signed-in person: who (their first sign-in's workspace or organisation and user id), the
 * Slack token it acts with first, and every one of theirs (a person who added workspaces has several).
 */
export interface SignedInPerson
  extends Omit<PersonSlackToken, 'teamId' | 'installId' | 'enterpriseId' | 'orgWide'> {
  personId: string;
  /** The workspace (T…) or organisation (E…) of the person's first sign-in, as the audit names them. */
  teamId: string;
  grantId: string;
  grant: Grant;
  /** What the person let this client read with this token (the grant's scope, or narrower after a refresh). */
  grantedKinds: ReadonlySet<ConversationKind>;
  /** Every Slack sign-in of the person, the first one first: each with its own renewal and refusal. */
  tokens?: PersonSlackToken[];
}

export interface SignInDeps {
  settings: SignInSettings;
  store: RecordStore;
  keySecret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  slackApiUrl: string;
  /** Bound on one call to Slack, and on a request's wait for another replica's refresh. */
  timeoutMs: number;
  /** A person's display name (users.info through the gateway). */
  displayName?: (person: {
    teamId: string;
    userId: string;
    slackToken: string;
    identity: string;
  }) => Promise<string | undefined>;
  /** The names of the workspaces an org-wide token reads (auth.teams.list through the gateway). */
  workspaceNames?: (person: { slackToken: string; identity: string }) => Promise<string[]>;
  /** Learns a new sign-in's token through the gateway (auth.test; an org-wide one's auth.teams.list too). */
  learnToken?: (person: { slackToken: string; identity: string; orgWide: boolean }) => Promise<unknown>;
  /** Network policy for client metadata documents (tests serve them on loopback). */
  documentFetch?: Partial<SafeFetchOptions>;
  onRefresh?: (outcome: string) => void;
}

/**
 * Sign in with Slack, whole: this service as an OAuth 2.1 authorization server for MCP clients (and the
 * people's page), fronting Slack's OAuth v2; people's Slack tokens sealed at rest, rotated once across
 * replicas, ended by Slack's refusals and events. Routes are thin: each calls one method here or of a part.
 */
export class SignIn {
  readonly settings: SignInSettings;
  /** RFC 7591 registration and client ID metadata documents. */
  readonly clients: Clients;
  /** The authorization endpoint and the consent form. */
  readonly authorization: Authorization;
  /** The token endpoint and revocation. */
  readonly tokens: TokenEndpoint;
  /** The people's page. */
  readonly peoplePage: PeoplePage;
  /** The parts the methods here use. */
  readonly #parts: {
    people: People;
    rotation: TokenRotation;
    slack: SlackOAuth;
    grants: Grants;
    sessions: Sessions;
    jar: CookieJar;
    names: RecordNames;
    workspaces: PersonWorkspaces;
  };

  // Every part takes what it needs from one base (the settings, the shared store and its names, the clock, the
  // log) and the parts built before it.
  constructor(private readonly deps: SignInDeps) {
    const { settings, log, timeoutMs } = deps;
    const base = {
      settings,
      store: deps.store,
      names: new RecordNames(deps.keySecret),
      clock: deps.clock,
      log,
    };
    const ttlMs = settings.grantTtlS * 1000;
    const onUnreadable = (reason: string) =>
      log.warn({ reason }, 'a sealed sign-in record cannot be opened: that person signs in again');
    // The records: people's sealed Slack tokens, the clients, the grants and the tokens we issue.
    // The token's shape (its kind and workspace; an org-wide token's workspaces) is learned as a sign-in is
    // stored, so the person's first search goes straight to each workspace instead of waiting to learn them.
    const onSignIn = (_personId: string, record: PersonRecord) => {
      const token = { slackToken: record.accessToken, identity: people.identityOf(record) };
      deps.learnToken?.({ ...token, orgWide: record.orgWide === true }).catch(() => {});
    };
    const people = new People({
      ...base,
      cipher: new TokenCipher(settings.keys),
      ttlMs,
      onUnreadable,
      onSignIn,
    });
    const quota = new AnonymousQuota({ store: deps.store, names: base.names, ...settings.anonymous });
    const clients = new Clients({ ...base, ttlMs, quota, fetch: deps.documentFetch });
    const grants = new Grants({ ...base, accessTtlMs: settings.accessTtlS * 1000, grantTtlMs: ttlMs });
    const approvals = new Approvals({ ...base, ttlMs });
    // Slack's side: signing people in, refreshing and revoking their tokens.
    const jar = new CookieJar(settings.secureCookies);
    const slack = new SlackOAuth({
      ...base,
      people,
      slackApiUrl: deps.slackApiUrl,
      timeoutMs,
      stateCookie: jar.nameOf('state'),
    });
    const refresh = (token: string) => slack.refresh(token);
    const rotation = new TokenRotation({
      ...base,
      people,
      refresh,
      waitMs: timeoutMs,
      onRefresh: deps.onRefresh,
    });
    // The endpoints: a browser's (consent, the people's page) and a client's (tokens, revocation).
    const sessions = new Sessions({ ...base, people });
    const nameOf = (personId: string, record: PersonRecord) => this.#nameOf(personId, record);
    const signOut = (personId: string, epoch: string) => this.signOut(personId, epoch);
    const workspaces = new PersonWorkspaces({
      ...base,
      people,
      rotation,
      slack,
      sessions,
      workspaceNames: deps.workspaceNames,
      signOut,
    });
    const browserSide = { ...base, people, grants, approvals, slack, sessions, jar, quota, nameOf };
    this.authorization = new Authorization({ ...browserSide, clients });
    this.peoplePage = new PeoplePage({ ...browserSide, signOut, workspaces });
    this.tokens = new TokenEndpoint({ clients, grants, approvals, people });
    this.settings = settings;
    this.clients = clients;
    this.#parts = { people, rotation, slack, grants, sessions, jar, names: base.names, workspaces };
  }

  /** Whom this browser is signed in as (its people's page session): their Slack ids and name. */
  async signedInPerson(
    browser: Browser,
  ): Promise<{ teamId: string; userId: string; name: string } | undefined> {
    const signedIn = await this.#parts.sessions.signedIn(browser);
    if (!signedIn) return undefined;
    const { personId, record } = signedIn;
    return {
      teamId: installIdOf(record),
      userId: record.userId,
      name: await this.#nameOf(personId, record),
    };
  }

  /** Whether a bearer token is one of ours (an access token we issued), told by its prefix alone. */
  static isIssuedToken(token: string): boolean {
    return token.startsWith(ACCESS_TOKEN_PREFIX);
  }

  /**
   * The person behind an access token we issued, with a Slack token fit to use (refreshed first when due):
   * 401 when the token is unknown, expired, for another resource, or its sign-in has ended.
   */
  async authenticate(token: string): Promise<SignedInPerson> {
    const { grants, people, rotation } = this.#parts;
    const found = await grants.verify(token);
    if (!found) throw new Errors.InvalidAccessToken('the access token is unknown or expired');
    const { grantId, grant, scope } = found;
    if (!isOwnResource(this.settings, grant.resource))
      throw new Errors.InvalidAccessToken(
        `the access token is for ${grant.resource.slice(0, 200)}, not this server`,
      );
    const { personId } = grant;
    const { home, workspaces } = await people.person(personId);
    const current = home?.epoch === grant.epoch ? workspaces : [];
    const usable = await Promise.all(
      current.map(({ recordId, record }) => rotation.usable(recordId, record)),
    );
    const tokens = current.flatMap(({ recordId }, i) => {
      const record = usable[i];
      return record ? [this.#parts.workspaces.tokenOf(recordId, record)] : [];
    });
    const first = tokens[0];
    if (!home || !first)
      throw new Errors.InvalidAccessToken(
        'this sign-in has ended (signed out, or Slack revoked it): sign in again',
      );
    return {
      personId,
      teamId: installIdOf(home),
      userId: home.userId,
      grantId,
      grant,
      grantedKinds: kindsOfScopes(scopesOf(scope)),
      slackToken: first.slackToken,
      identity: first.identity,
      renew: first.renew,
      rejected: first.rejected,
      tokens,
    };
  }

  /**
   * Ends a person's sign-in: Slack's grant revoked (auth.revoke), their record gone, every grant with it. An
   * access token that has expired (rotation on) is refreshed first: Slack refuses to revoke with it
   * (token_expired), and the grant would live on behind the refresh token we forget.
   */
  async signOut(personId: string, epoch: string): Promise<void> {
    const { people } = this.#parts;
    const home = await people.read(personId);
    if (!home || home.epoch !== epoch) return;
    const revoking = [];
    for (const workspace of await people.workspacesOf(personId, home))
      revoking.push(await this.#parts.workspaces.revocable(workspace));
    await people.forget(personId, home);
    for (const token of revoking) await this.#parts.slack.revoke(token);
  }

  /** What a request's cookies say about its browser, under this service's cookie names. */
  browserOf(cookieHeader: string | undefined): Browser {
    return this.#parts.jar.read(cookieHeader);
  }

  /**
   * GET /oauth/slack/callback: both flows (an MCP client's, the people's page) come back here. A callback
   * whose state is not one of this browser's trips to Slack changes nothing (a cross-site request cannot
   * cancel a sign-in under way); each trip is its own, so two sign-ins at once in one browser both finish.
   */
  async slackCallback(
    req: IncomingMessage,
    res: ServerResponse,
    query: CallbackQuery,
    browser: Browser,
  ): Promise<PageOutcome> {
    const { jar, slack, people, sessions } = this.#parts;
    const { state } = query;
    if (!state || !browser.slackStates.includes(state))
      return refusal(
        400,
        'Not this browser’s sign-in',
        'This answer from Slack is not for a sign-in started in this browser (or it is older than ten minutes): nothing was changed. Start again from your client or /signin.',
      );
    const rest = [jar.slackStates(browser.slackStates.filter((s) => s !== state))];
    if (query.error) {
      const flow = await slack.cancelled(state);
      if (flow?.kind === 'mcp') return this.authorization.cancel(flow.pending, rest);
      return redirectTo('/signin?cancelled=1', rest);
    }
    // @slack/oauth checks the state against its cookie: it is handed this trip's.
    req.headers.cookie = `${jar.nameOf('state')}=${state}`;
    const outcome = await slack.callback(req, res);
    if (!outcome.ok) return refusal(400, 'Sign-in with Slack did not complete', outcome.reason, rest);
    if (outcome.flow.kind === 'attach')
      return this.#parts.workspaces.attach(outcome.installation, outcome.flow, browser, rest);
    const recordId = people.idOfInstallation(outcome.installation);
    const stored = await people.read(recordId);
    if (!stored) {
      const notStored = 'Your sign-in could not be stored: try again';
      return refusal(503, 'Sign-in did not complete', notStored, rest);
    }
    // A workspace the person added signs them in as the person who added it.
    const { personId, record } = await people.personOf(recordId, stored);
    const cookies = [...rest, jar.session(await sessions.create(personId, record.epoch))];
    if (outcome.flow.kind === 'mcp')
      return this.authorization.finish(
        outcome.flow.pending,
        outcome.flow.scope,
        { personId, record },
        cookies,
      );
    return redirectTo('/signin', cookies);
  }

  /** POST /slack/events: 401 unless signed by Slack; then url_verification or a revocation. */
  async event(rawBody: string, headers: { timestamp?: string; signature?: string }): Promise<EventOutcome> {
    const secret = this.settings.signingSecret;
    if (!secret) throw new Errors.EventsNotConfigured();
    const problem = signatureProblem(secret, headers, rawBody, this.deps.clock());
    if (problem) throw new Errors.BadSlackSignature(problem);
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody);
    } catch {
      throw new Errors.BadRequest('The event body is not JSON');
    }
    const { people, names } = this.#parts;
    const { store } = this.deps;
    const firstTime = (eventId: string) => store.claim(names.of('event', eventId), '1', EVENT_MEMORY_MS);
    const outcome = await handleEvent(payload, { people, firstTime });
    if (outcome.kind !== 'challenge') this.deps.log.info(outcome, 'Slack event');
    return outcome;
  }

  async #nameOf(personId: string, home: PersonRecord): Promise<string> {
    const { rotation, people } = this.#parts;
    // A home whose own workspace was removed is named through the first workspace the person added.
    const [first] = home.released ? await people.added(personId) : [{ recordId: personId, record: home }];
    if (!first) return home.userId;
    const { recordId, record } = first;
    const usable = (await rotation.usable(recordId, record).catch(() => record)) ?? record;
    const name = await this.deps
      .displayName?.({
        teamId: installIdOf(record),
        userId: record.userId,
        slackToken: usable.accessToken,
        identity: people.identityOf(record),
      })
      .catch(() => undefined);
    return name || record.userId;
  }
}

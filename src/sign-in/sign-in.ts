import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { Errors } from '../errors.js';
import { type EventOutcome, handleEvent, signatureProblem } from './events.js';
import { RecordNames } from './names.js';
import { Authorization } from './oauth/authorization.js';
import { Clients } from './oauth/clients.js';
import { ACCESS_TOKEN_PREFIX, type Grant, Grants, required } from './oauth/grants.js';
import {
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
  UnsupportedGrantTypeError,
} from './oauth/oauth-errors.js';
import type { SafeFetchOptions } from './oauth/safe-fetch.js';
import { type PageOutcome, pageOf, redirectTo } from './outcome.js';
import { errorPage } from './pages.js';
import { People, type PersonRecord } from './people.js';
import { PeoplePage } from './people-page.js';
import type { RecordStore } from './record-store.js';
import { type Browser, CookieJar, Sessions } from './sessions.js';
import type { SignInSettings } from './settings.js';
import { SlackOAuth, STATE_COOKIE } from './slack-oauth.js';
import { TokenCipher } from './token-cipher.js';
import { TokenRotation } from './token-rotation.js';

/** A request made by a signed-in person: whose Slack token it acts with, and how to keep it working. */
export interface SignedInPerson {
  personId: string;
  teamId: string;
  userId: string;
  grantId: string;
  grant: Grant;
  slackToken: string;
  /** The sign-in's name in cache keys: the same across token rotations, never the token. */
  identity: string;
  /** On token_expired: the token to retry with (refreshed once across replicas), or undefined. */
  renew: (expired: string) => Promise<string | undefined>;
  /** Slack refused the token for good (token_revoked, invalid_auth, account_inactive…): the sign-in ends. */
  rejected: (slackError: string) => Promise<void>;
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
  /** Network policy for client metadata documents (tests serve them on loopback). */
  documentFetch?: Partial<SafeFetchOptions>;
  onRefresh?: (outcome: string) => void;
}

/**
 * Sign in with Slack, whole: this service as an OAuth 2.1 authorization server for MCP clients (and the
 * people's page), fronting Slack's OAuth v2; people's Slack tokens sealed at rest, rotated once across
 * replicas, ended by Slack's refusals and events. Routes are thin: each calls one method here.
 */
export class SignIn {
  readonly settings: SignInSettings;
  readonly names: RecordNames;
  readonly people: People;
  readonly rotation: TokenRotation;
  readonly slack: SlackOAuth;
  readonly clients: Clients;
  readonly grants: Grants;
  readonly sessions: Sessions;
  readonly jar: CookieJar;
  readonly authorization: Authorization;
  readonly peoplePage: PeoplePage;

  constructor(private readonly deps: SignInDeps) {
    const { settings, store, clock, log } = deps;
    this.settings = settings;
    this.names = new RecordNames(deps.keySecret);
    const ttlMs = settings.grantTtlS * 1000;
    this.people = new People({
      store,
      cipher: new TokenCipher(settings.keys),
      names: this.names,
      clock,
      ttlMs,
      onUnreadable: (reason) =>
        log.warn({ reason }, 'a sealed sign-in record cannot be opened: that person signs in again'),
    });
    this.slack = new SlackOAuth({
      settings,
      store,
      names: this.names,
      people: this.people,
      log,
      slackApiUrl: deps.slackApiUrl,
      timeoutMs: deps.timeoutMs,
    });
    this.rotation = new TokenRotation({
      people: this.people,
      store,
      names: this.names,
      clock,
      log,
      refresh: (token) => this.slack.refresh(token),
      waitMs: deps.timeoutMs,
      onRefresh: deps.onRefresh,
    });
    this.clients = new Clients({ store, names: this.names, clock, ttlMs, fetch: deps.documentFetch });
    this.grants = new Grants({
      store,
      names: this.names,
      clock,
      accessTtlMs: settings.accessTtlS * 1000,
      grantTtlMs: ttlMs,
    });
    this.sessions = new Sessions(store, this.names);
    this.jar = new CookieJar(settings.secureCookies);
    this.authorization = new Authorization({
      settings,
      store,
      names: this.names,
      clients: this.clients,
      grants: this.grants,
      people: this.people,
      sessions: this.sessions,
      slack: this.slack,
      jar: this.jar,
      nameOf: (personId, record) => this.#nameOf(personId, record),
    });
    this.peoplePage = new PeoplePage({
      settings,
      slack: this.slack,
      grants: this.grants,
      people: this.people,
      sessions: this.sessions,
      jar: this.jar,
      nameOf: (personId, record) => this.#nameOf(personId, record),
      signOut: (personId, epoch) => this.signOut(personId, epoch),
    });
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
    const found = await this.grants.verify(token);
    if (!found) throw new Errors.InvalidAccessToken('the access token is unknown or expired');
    const { grantId, grant } = found;
    const { mcpResource, serviceResource } = this.settings;
    if (grant.resource !== mcpResource && grant.resource !== serviceResource)
      throw new Errors.InvalidAccessToken(
        `the access token is for ${grant.resource.slice(0, 200)}, not this server`,
      );
    const stored = await this.people.read(grant.personId);
    const record =
      stored && stored.epoch === grant.epoch ? await this.rotation.usable(grant.personId, stored) : undefined;
    if (!record)
      throw new Errors.InvalidAccessToken(
        'this sign-in has ended (signed out, or Slack revoked it): sign in again',
      );
    const { personId } = grant;
    return {
      personId,
      teamId: record.teamId,
      userId: record.userId,
      grantId,
      grant,
      slackToken: record.accessToken,
      identity: this.people.identityOf(record),
      renew: (expired) => this.rotation.renew(personId, expired),
      rejected: async (slackError) => {
        this.deps.log.info({ slackError }, 'Slack refused a signed-in person’s token: their sign-in ends');
        await this.people.remove(personId, record.teamId);
      },
    };
  }

  /** POST /oauth/token. */
  async token(form: Record<string, string | undefined>, basicClientId?: string): Promise<OAuthTokens> {
    const clientId = form.client_id ?? basicClientId;
    if (!clientId) throw new InvalidRequestError('client_id is required');
    const client = await this.clients.find(clientId);
    if (typeof client === 'string') throw new InvalidClientError(client);
    let issued: { tokens: OAuthTokens; grant: Grant };
    if (form.grant_type === 'authorization_code') {
      const p = required(form, 'code', 'code_verifier');
      issued = await this.grants.exchangeCode({
        code: p.code as string,
        clientId,
        redirectUri: form.redirect_uri,
        verifier: p.code_verifier as string,
        resource: form.resource,
      });
    } else if (form.grant_type === 'refresh_token') {
      const p = required(form, 'refresh_token');
      issued = await this.grants.refresh({
        refreshToken: p.refresh_token as string,
        clientId,
        resource: form.resource,
      });
    } else if (!form.grant_type) {
      throw new InvalidRequestError('grant_type is required');
    } else {
      throw new UnsupportedGrantTypeError('grant_type must be authorization_code or refresh_token');
    }
    const record = await this.people.read(issued.grant.personId);
    if (!record || record.epoch !== issued.grant.epoch)
      throw new InvalidGrantError('This sign-in has ended (signed out, or Slack revoked it): sign in again');
    await this.people.touch(issued.grant.personId);
    return issued.tokens;
  }

  /** POST /oauth/revoke (RFC 7009): revoking any token of ours signs the person out, Slack token included. */
  async revoke(form: Record<string, string | undefined>): Promise<void> {
    if (!form.token) throw new InvalidRequestError('token is required');
    const grant = await this.grants.revoke(form.token);
    if (grant) await this.signOut(grant.personId, grant.epoch);
  }

  /** Ends a person's sign-in: Slack's token revoked (auth.revoke), their record gone, every grant with it. */
  async signOut(personId: string, epoch: string): Promise<void> {
    const record = await this.people.read(personId);
    if (!record || record.epoch !== epoch) return;
    await this.people.remove(personId, record.teamId);
    await this.slack.revoke(record.accessToken);
  }

  /** GET /oauth/slack/callback: both flows (an MCP client's, the people's page) come back here. */
  async slackCallback(
    req: IncomingMessage,
    res: ServerResponse,
    query: Record<string, string | undefined>,
    browser: Browser,
  ): Promise<PageOutcome> {
    const clearState = this.jar.clear(STATE_COOKIE);
    if (query.error) {
      const flow = await this.slack.cancelled(query.state, browser.slackState);
      if (flow?.kind === 'mcp') return this.authorization.cancel(flow.pending);
      return redirectTo('/signin?cancelled=1', [clearState]);
    }
    const outcome = await this.slack.callback(req, res);
    if (!outcome.ok)
      return pageOf(400, errorPage('Sign-in with Slack did not complete', outcome.reason), [clearState]);
    const { team, user } = outcome.installation;
    const personId = this.people.idOf(team?.id ?? '', user.id);
    const record = await this.people.read(personId);
    if (!record)
      return pageOf(
        503,
        errorPage('Sign-in did not complete', 'Your sign-in could not be stored: try again'),
        [clearState],
      );
    const cookies = [clearState, this.jar.session(await this.sessions.create(personId, record.epoch))];
    if (outcome.flow.kind === 'mcp')
      return this.authorization.finish(outcome.flow.pending, personId, record, cookies);
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
    const outcome = await handleEvent(payload, this.people);
    if (outcome.kind !== 'challenge') this.deps.log.info(outcome, 'Slack event');
    return outcome;
  }

  async #nameOf(personId: string, record: PersonRecord): Promise<string> {
    const usable = (await this.rotation.usable(personId, record).catch(() => record)) ?? record;
    const name = await this.deps
      .displayName?.({
        teamId: record.teamId,
        userId: record.userId,
        slackToken: usable.accessToken,
        identity: this.people.identityOf(record),
      })
      .catch(() => undefined);
    return name || record.userId;
  }
}

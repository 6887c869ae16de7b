import type { AnonymousQuota } from '../anonymous-quota.js';
import type { RecordNames } from '../names.js';
import { randomSecret } from '../names.js';
import { type PageOutcome, pageOf, redirectTo, refusal, tooMany } from '../outcome.js';
import { consentPage } from '../pages.js';
import type { People, PersonRecord } from '../people.js';
import type { RecordStore } from '../record-store.js';
import type { AuthorizeQuery, ConsentForm } from '../requests.js';
import type { Browser, CookieJar, Sessions, SignedInBrowser } from '../sessions.js';
import type { SignInSettings } from '../settings.js';
import type { SlackOAuth } from '../slack-oauth.js';
import { type Approvals, approverOf } from './approvals.js';
import { type Clients, isRefusal, type OAuthClient } from './clients.js';
import { type Grants, sameResource } from './grants.js';
import {
  AccessDeniedError,
  InvalidRequestError,
  InvalidTargetError,
  OAuthError,
  UnsupportedResponseTypeError,
} from './oauth-errors.js';
import { S256_CHALLENGE } from './pkce.js';
import { redirectUriMatches } from './redirect-uri.js';
import { askedScope, CONSENT_SCOPES, type ConsentScope, chosenScope, LEAST_SCOPE } from './scopes.js';

/** An authorization request waiting for the person's consent and Slack's sign-in. */
interface Pending {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  resource: string;
  /** What the client asks to read, as the consent scope that covers it; undefined when it asks for nothing. */
  scope?: ConsentScope;
  /** The public base the client was answered with (`iss`, the Slack redirect): PUBLIC_URL, or its loopback alias. */
  base?: PublicBase;
}

/** What of the settings follows the request's host (src/sign-in/public-base.ts). */
type PublicBase = Pick<SignInSettings, 'issuer' | 'mcpResource' | 'serviceResource' | 'slackRedirectUri'>;

const PENDING_TTL_MS = 600_000;

export interface AuthorizationDeps {
  settings: SignInSettings;
  store: RecordStore;
  names: RecordNames;
  clients: Clients;
  grants: Grants;
  approvals: Approvals;
  people: People;
  sessions: Sessions;
  slack: SlackOAuth;
  jar: CookieJar;
  quota: AnonymousQuota;
  /** A person's display name for the consent page. */
  nameOf: (personId: string, record: PersonRecord) => Promise<string>;
}

/**
 * The redirect URI a request may use: the one it asks for when the client registered it, or the client's
 * only one when it asks for none; otherwise a 400 page (never a redirect to an address nobody registered).
 */
function redirectUriOf(client: OAuthClient, asked: string | undefined): string | PageOutcome {
  if (asked === undefined) {
    if (client.redirectUris.length === 1) return client.redirectUris[0] as string;
    return refusal(400, 'Which redirect URI?', 'redirect_uri is required: this client registered several');
  }
  if (redirectUriMatches(asked, client.redirectUris)) return asked;
  return refusal(
    400,
    'Unknown redirect URI',
    `redirect_uri ${asked.slice(0, 200)} is not one that ${client.name} registered: this server sends codes only to a registered address`,
  );
}

/**
 * The authorization endpoint and the consent step (OAuth 2.1 with PKCE S256): the client and its exact
 * redirect URI are checked before anything is redirected; then the person approves that client by name on
 * our consent page (bound to the browser, CSRF-checked); then Slack signs them in, unless this browser
 * already has a live session; then the client gets a single-use code, `state` and `iss` (RFC 9207).
 */
export class Authorization {
  constructor(private readonly deps: AuthorizationDeps) {}

  async authorize(
    q: AuthorizeQuery,
    browser: Browser,
    address: string,
    base: PublicBase = this.deps.settings,
  ): Promise<PageOutcome> {
    const client = await this.deps.clients.find(q.client_id ?? '', address);
    if (typeof client === 'string') return refusal(400, 'Unknown client', client);
    if (isRefusal(client)) return tooMany(client);
    const redirectUri = redirectUriOf(client, q.redirect_uri);
    if (typeof redirectUri !== 'string') return redirectUri;
    const pending = this.#pendingOf(q, client, redirectUri, base);
    // Before a person approved this client at this address, an error is our page, never a redirect: else any
    // registered URI would make this server an open redirector (RFC 9700 §4.11.2).
    if (pending instanceof OAuthError)
      return refusal(
        400,
        'This authorization request is refused',
        `${pending.errorCode}: ${pending.message}`,
      );
    const signedIn = await this.deps.sessions.signedIn(browser);
    const approved = signedIn && (await this.deps.approvals.covering(approverOf(signedIn), pending));
    if (signedIn && approved) return this.#codeRedirect(pending, signedIn, approved);
    const refused = await this.deps.quota.take('pending', address);
    if (refused) return tooMany(refused);
    return this.#askConsent(pending, client, browser, signedIn);
  }

  /** The consent form: approve (then Slack, or straight back with a code) or deny. */
  async decide(form: ConsentForm, browser: Browser, address: string): Promise<PageOutcome> {
    const { pending: pendingId = '', csrf = '', decision } = form;
    if (!this.deps.sessions.consentPosted(browser, pendingId, csrf))
      return refusal(
        403,
        'Not sent from this browser’s consent page',
        'This approval did not come from the consent page this browser was shown (or cookies are off): start again from your client.',
      );
    if (decision !== 'approve' && decision !== 'deny')
      return refusal(400, 'No decision', 'decision must be approve or deny');
    // A form without a choice gets the least; one naming a scope we do not offer is refused.
    const scope = form.scope === undefined ? LEAST_SCOPE : chosenScope(form.scope);
    if (decision === 'approve' && !scope)
      return refusal(
        400,
        'What may it read?',
        `scope must be one of ${CONSENT_SCOPES.join(', ')}: the choice on the consent page`,
      );
    const pending = await this.#pending(pendingId, decision === 'deny' ? 'take' : 'get');
    if (!pending) return this.#expired();
    if (decision === 'deny' || !scope)
      return this.#refuse(pending, new AccessDeniedError('The person denied access'));
    const signedIn = await this.deps.sessions.signedIn(browser);
    if (signedIn) {
      await this.deps.store.delete(this.#pendingKey(pendingId));
      await this.#remember(signedIn, pending, scope);
      return this.#codeRedirect(pending, signedIn, scope);
    }
    const refused = await this.deps.quota.take('slack-state', address);
    if (refused) return tooMany(refused);
    const { url, state } = await this.deps.slack.authorizeUrl(
      { kind: 'mcp', pending: pendingId, scope },
      pending.base?.slackRedirectUri,
    );
    return redirectTo(url, [this.deps.jar.slackStates([...browser.slackStates, state])]);
  }

  /** After Slack signed the person in: the pending request's code for what they chose, and the consent remembered. */
  async finish(
    pendingId: string,
    chosen: string | undefined,
    signedIn: Omit<SignedInBrowser, 'csrf'>,
    cookies: string[],
  ): Promise<PageOutcome> {
    const pending = await this.#pending(pendingId, 'take');
    if (!pending) return this.#expired(cookies);
    const scope = chosenScope(chosen) ?? LEAST_SCOPE;
    await this.#remember(signedIn, pending, scope);
    return this.#codeRedirect(pending, signedIn, scope, cookies);
  }

  /** Slack's page was cancelled: the client hears access_denied. */
  async cancel(pendingId: string, cookies?: string[]): Promise<PageOutcome> {
    const pending = await this.#pending(pendingId, 'take');
    if (!pending) return this.#expired(cookies);
    return this.#refuse(pending, new AccessDeniedError('Sign-in with Slack was cancelled'), cookies);
  }

  /** The request as it waits for consent, or the OAuth error its client hears at its redirect URI. */
  #pendingOf(
    q: AuthorizeQuery,
    client: OAuthClient,
    redirectUri: string,
    base: PublicBase,
  ): Pending | OAuthError {
    const { mcpResource, serviceResource } = base;
    if (q.response_type !== 'code') return new UnsupportedResponseTypeError('response_type must be code');
    if (!q.code_challenge) return new InvalidRequestError('code_challenge is required (PKCE with S256)');
    if (q.code_challenge_method !== 'S256')
      return new InvalidRequestError('code_challenge_method must be S256');
    if (!S256_CHALLENGE.test(q.code_challenge))
      return new InvalidRequestError('code_challenge is not an S256 challenge (43 base64url characters)');
    const resource = this.#resourceOf(q.resource, base);
    if (!resource) return new InvalidTargetError(`resource must be ${mcpResource} or ${serviceResource}`);
    let scope: ConsentScope | undefined;
    try {
      scope = askedScope(q.scope);
    } catch (err) {
      if (err instanceof OAuthError) return err;
      throw err;
    }
    const { clientId, name: clientName } = client;
    const pending = {
      clientId,
      clientName,
      redirectUri,
      state: q.state,
      codeChallenge: q.code_challenge,
      resource,
      scope,
    };
    return base === this.deps.settings ? pending : { ...pending, base };
  }

  /** The consent page naming the client, with the request saved for the form's answer. */
  async #askConsent(
    pending: Pending,
    client: OAuthClient,
    browser: Browser,
    signedIn: SignedInBrowser | undefined,
  ): Promise<PageOutcome> {
    const pendingId = randomSecret();
    await this.deps.store.set(this.#pendingKey(pendingId), JSON.stringify(pending), PENDING_TTL_MS);
    const known = this.deps.sessions.knownBrowser(browser.browserId);
    const browserId = known ? (browser.browserId as string) : this.deps.sessions.newBrowserId();
    const earlier = signedIn && (await this.deps.approvals.find(approverOf(signedIn), client.clientId));
    const html = consentPage({
      clientName: client.name,
      clientId: client.clientId,
      clientKind: client.kind,
      redirectUri: pending.redirectUri,
      asked: pending.scope,
      preselected: pending.scope ?? LEAST_SCOPE,
      approvedBefore: earlier ? earlier.scope : undefined,
      signedInAs: signedIn ? await this.deps.nameOf(signedIn.personId, signedIn.record) : undefined,
      pending: pendingId,
      csrf: this.deps.sessions.consentCsrf({ ...browser, browserId }, pendingId),
    });
    return pageOf(200, html, known ? [] : [this.deps.jar.browser(browserId)]);
  }

  #expired(cookies?: string[]): PageOutcome {
    return refusal(
      400,
      'This request has expired',
      'It is older than ten minutes or was already answered: start again from your client.',
      cookies,
    );
  }

  /** An OAuth error answered at the client's redirect URI (RFC 6749 §4.1.2.1), with its `state`. */
  #refuse(to: Pending, err: OAuthError, cookies?: string[]): PageOutcome {
    const params = { ...err.toResponseObject(), state: to.state };
    return redirectTo(this.#clientUrl(to, params), cookies);
  }

  async #codeRedirect(
    pending: Pending,
    { personId, record }: Omit<SignedInBrowser, 'csrf'>,
    scope: ConsentScope,
    cookies?: string[],
  ): Promise<PageOutcome> {
    const code = await this.deps.grants.issueCode({
      grant: {
        personId,
        epoch: record.epoch,
        clientId: pending.clientId,
        clientName: pending.clientName,
        resource: pending.resource,
        scope,
        kind: 'client',
      },
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
    });
    await this.deps.people.touch(personId);
    await this.deps.clients.keep(pending.clientId);
    return redirectTo(this.#clientUrl(pending, { code, state: pending.state }), cookies);
  }

  /** The client's redirect URI with our answer and `iss` (RFC 9207), its own query kept. */
  #clientUrl(pending: Pending, params: Record<string, string | undefined>): string {
    const url = new URL(pending.redirectUri);
    const iss = (pending.base ?? this.deps.settings).issuer;
    for (const [name, value] of Object.entries({ ...params, iss }))
      if (value !== undefined) url.searchParams.set(name, value);
    return url.href;
  }

  /** RFC 8707: this server's resources only; none asked = /mcp's. */
  #resourceOf(asked: string | undefined, base: PublicBase): string | undefined {
    const { mcpResource, serviceResource } = base;
    if (asked === undefined) return mcpResource;
    return [mcpResource, serviceResource].find((r) => sameResource(r, asked));
  }

  #pendingKey(pendingId: string) {
    return this.deps.names.of('pending', pendingId);
  }

  /** A saved request: read (`get`), or read and removed (`take`, single-use). */
  async #pending(pendingId: string, how: 'get' | 'take'): Promise<Pending | undefined> {
    const key = this.#pendingKey(pendingId);
    const saved = how === 'take' ? await this.deps.store.take(key) : await this.deps.store.get(key);
    return saved === undefined ? undefined : (JSON.parse(saved) as Pending);
  }

  /** The person approved the client for `scope` (a remembered approval covers one redirect URI: RFC 8252 §8.6). */
  async #remember(
    signedIn: Omit<SignedInBrowser, 'csrf'>,
    pending: Pending,
    scope: ConsentScope,
  ): Promise<void> {
    await this.deps.approvals.remember(approverOf(signedIn), pending, scope);
  }
}

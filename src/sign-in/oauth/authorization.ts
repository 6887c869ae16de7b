import type { RecordNames } from '../names.js';
import { randomSecret, sameSecret } from '../names.js';
import { type PageOutcome, pageOf, redirectTo } from '../outcome.js';
import { consentPage, errorPage } from '../pages.js';
import type { People, PersonRecord } from '../people.js';
import type { RecordStore } from '../record-store.js';
import type { Browser, CookieJar, Sessions } from '../sessions.js';
import type { SignInSettings } from '../settings.js';
import { type SlackOAuth, STATE_COOKIE } from '../slack-oauth.js';
import type { Clients } from './clients.js';
import { type Grants, SCOPE } from './grants.js';
import { S256_CHALLENGE } from './pkce.js';
import { redirectUriMatches } from './redirect-uri.js';

/** An authorization request waiting for the person's consent and Slack's sign-in. */
interface Pending {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  resource: string;
}

const PENDING_TTL_MS = 600_000;

export type AuthorizeQuery = Partial<
  Record<
    | 'response_type'
    | 'client_id'
    | 'redirect_uri'
    | 'code_challenge'
    | 'code_challenge_method'
    | 'state'
    | 'scope'
    | 'resource',
    string
  >
>;

export interface AuthorizationDeps {
  settings: SignInSettings;
  store: RecordStore;
  names: RecordNames;
  clients: Clients;
  grants: Grants;
  people: People;
  sessions: Sessions;
  slack: SlackOAuth;
  jar: CookieJar;
  /** A person's display name for the consent page. */
  nameOf: (personId: string, record: PersonRecord) => Promise<string>;
}

/**
 * The authorization endpoint and the consent step (OAuth 2.1 with PKCE S256): the client and its exact
 * redirect URI are checked before anything is redirected; then the person approves that client by name on
 * our consent page (bound to the browser, CSRF-checked); then Slack signs them in, unless this browser
 * already has a live session; then the client gets a single-use code, `state` and `iss` (RFC 9207).
 */
export class Authorization {
  constructor(private readonly deps: AuthorizationDeps) {}

  async authorize(q: AuthorizeQuery, browser: Browser): Promise<PageOutcome> {
    const { clients, settings } = this.deps;
    const client = await clients.find(q.client_id ?? '');
    if (typeof client === 'string') return pageOf(400, errorPage('Unknown client', client));
    let redirectUri = q.redirect_uri;
    if (redirectUri === undefined) {
      if (client.redirectUris.length !== 1)
        return pageOf(
          400,
          errorPage('Which redirect URI?', 'redirect_uri is required: this client registered several'),
        );
      redirectUri = client.redirectUris[0] as string;
    } else if (!redirectUriMatches(redirectUri, client.redirectUris)) {
      return pageOf(
        400,
        errorPage(
          'Unknown redirect URI',
          `redirect_uri ${redirectUri.slice(0, 200)} is not one that ${client.name} registered: this server sends codes only to a registered address`,
        ),
      );
    }
    const back = (error: string, description: string) =>
      redirectTo(this.#clientUrl(redirectUri, { error, error_description: description, state: q.state }));
    if (q.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
    if (!q.code_challenge) return back('invalid_request', 'code_challenge is required (PKCE with S256)');
    if (q.code_challenge_method !== 'S256')
      return back('invalid_request', 'code_challenge_method must be S256');
    if (!S256_CHALLENGE.test(q.code_challenge))
      return back('invalid_request', 'code_challenge is not an S256 challenge (43 base64url characters)');
    const resource = this.#resourceOf(q.resource);
    if (!resource)
      return back(
        'invalid_target',
        `resource must be ${settings.mcpResource} or ${settings.serviceResource}`,
      );
    const pending: Pending = {
      clientId: client.clientId,
      clientName: client.name,
      redirectUri,
      state: q.state,
      codeChallenge: q.code_challenge,
      resource,
    };
    const signedIn = await this.#signedIn(browser);
    if (signedIn && (await this.#consented(signedIn.personId, client.clientId)))
      return this.#codeRedirect(pending, signedIn.personId, signedIn.record);
    const pendingId = randomSecret();
    await this.deps.store.set(
      this.deps.names.of('pending', pendingId),
      JSON.stringify(pending),
      PENDING_TTL_MS,
    );
    const browserId = browser.browserId ?? randomSecret();
    const html = consentPage({
      clientName: client.name,
      clientId: client.clientId,
      clientKind: client.kind,
      redirectUri,
      signedInAs: signedIn ? await this.deps.nameOf(signedIn.personId, signedIn.record) : undefined,
      pending: pendingId,
      csrf: this.#csrf(browserId, pendingId),
    });
    return pageOf(200, html, browser.browserId ? [] : [this.deps.jar.browser(browserId)]);
  }

  /** The consent form: approve (then Slack, or straight back with a code) or deny. */
  async decide(form: Record<string, string | undefined>, browser: Browser): Promise<PageOutcome> {
    const { pending: pendingId = '', csrf = '', decision } = form;
    if (!browser.browserId || !pendingId || !sameSecret(csrf, this.#csrf(browser.browserId, pendingId)))
      return pageOf(
        403,
        errorPage(
          'Not sent from this browser’s consent page',
          'This approval did not come from the consent page this browser was shown (or cookies are off): start again from your client.',
        ),
      );
    if (decision !== 'approve' && decision !== 'deny')
      return pageOf(400, errorPage('No decision', 'decision must be approve or deny'));
    const key = this.deps.names.of('pending', pendingId);
    const saved = decision === 'deny' ? await this.deps.store.take(key) : await this.deps.store.get(key);
    if (saved === undefined) return this.#expired();
    const pending = JSON.parse(saved) as Pending;
    if (decision === 'deny')
      return redirectTo(
        this.#clientUrl(pending.redirectUri, {
          error: 'access_denied',
          error_description: 'The person denied access',
          state: pending.state,
        }),
      );
    const signedIn = await this.#signedIn(browser);
    if (signedIn) {
      await this.deps.store.delete(key);
      await this.#remember(signedIn.personId, pending.clientId);
      return this.#codeRedirect(pending, signedIn.personId, signedIn.record);
    }
    const { url, state } = await this.deps.slack.authorizeUrl({ kind: 'mcp', pending: pendingId });
    return redirectTo(url, [this.deps.jar.set(STATE_COOKIE, state, 600)]);
  }

  /** After Slack signed the person in: the pending request's code, and the consent remembered. */
  async finish(
    pendingId: string,
    personId: string,
    record: PersonRecord,
    cookies: string[],
  ): Promise<PageOutcome> {
    const saved = await this.deps.store.take(this.deps.names.of('pending', pendingId));
    if (saved === undefined) return this.#expired(cookies);
    const pending = JSON.parse(saved) as Pending;
    await this.#remember(personId, pending.clientId);
    return this.#codeRedirect(pending, personId, record, cookies);
  }

  /** Slack's page was cancelled: the client hears access_denied. */
  async cancel(pendingId: string): Promise<PageOutcome> {
    const saved = await this.deps.store.take(this.deps.names.of('pending', pendingId));
    if (saved === undefined) return this.#expired();
    const pending = JSON.parse(saved) as Pending;
    return redirectTo(
      this.#clientUrl(pending.redirectUri, {
        error: 'access_denied',
        error_description: 'Sign-in with Slack was cancelled',
        state: pending.state,
      }),
    );
  }

  #expired(cookies?: string[]): PageOutcome {
    return pageOf(
      400,
      errorPage(
        'This request has expired',
        'It is older than ten minutes or was already answered: start again from your client.',
      ),
      cookies,
    );
  }

  async #codeRedirect(
    pending: Pending,
    personId: string,
    record: PersonRecord,
    cookies?: string[],
  ): Promise<PageOutcome> {
    const code = await this.deps.grants.issueCode({
      grant: {
        personId,
        epoch: record.epoch,
        clientId: pending.clientId,
        clientName: pending.clientName,
        resource: pending.resource,
        scope: SCOPE,
        kind: 'client',
      },
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
    });
    await this.deps.people.touch(personId);
    return redirectTo(this.#clientUrl(pending.redirectUri, { code, state: pending.state }), cookies);
  }

  /** The client's redirect URI with our answer and `iss` (RFC 9207), its own query kept. */
  #clientUrl(redirectUri: string, params: Record<string, string | undefined>): string {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries({ ...params, iss: this.deps.settings.issuer }))
      if (value !== undefined) url.searchParams.set(name, value);
    return url.href;
  }

  /** RFC 8707: this server's resources only; none asked = /mcp's. */
  #resourceOf(asked: string | undefined): string | undefined {
    const { mcpResource, serviceResource } = this.deps.settings;
    if (asked === undefined) return mcpResource;
    if (!URL.canParse(asked)) return undefined;
    const href = new URL(asked).href;
    return [mcpResource, serviceResource].find((r) => new URL(r).href === href);
  }

  #csrf(browserId: string, pendingId: string): string {
    return this.deps.names.hash('csrf', `${browserId}:${pendingId}`);
  }

  async #signedIn(browser: Browser): Promise<{ personId: string; record: PersonRecord } | undefined> {
    const session = await this.deps.sessions.read(browser.sessionId);
    if (!session) return undefined;
    const record = await this.deps.people.read(session.personId);
    return record && record.epoch === session.epoch ? { personId: session.personId, record } : undefined;
  }

  #consentKey(personId: string, clientId: string) {
    return this.deps.names.of('consent', `${personId}:${clientId}`);
  }

  async #consented(personId: string, clientId: string): Promise<boolean> {
    return (await this.deps.store.get(this.#consentKey(personId, clientId))) !== undefined;
  }

  async #remember(personId: string, clientId: string): Promise<void> {
    await this.deps.store.set(this.#consentKey(personId, clientId), '1', this.deps.settings.grantTtlS * 1000);
  }
}

import { parse, serialize } from 'cookie';
import type { RecordNames } from './names.js';
import { randomSecret, sameSecret } from './names.js';
import type { People, PersonRecord } from './people.js';
import type { RecordStore } from './record-store.js';

/** The people's page session (the browser that signed in). */
export const SESSION_COOKIE = 'as_session';
/** A random value per browser that consent forms are bound to (their CSRF token is a keyed hash of it). */
export const BROWSER_COOKIE = 'as_browser';
/** The cookie @slack/oauth checks against `state` on the callback (the browser that started is the one that ends). */
export const STATE_COOKIE = 'slack-oauth-state';
/** How long a browser has to come back from Slack's page (the state's life too). */
export const STATE_TTL_S = 600;
const SESSION_TTL_S = 12 * 3600;
const BROWSER_TTL_S = 24 * 3600;

/** What a request's cookies say about its browser. */
export interface Browser {
  sessionId?: string;
  browserId?: string;
  slackState?: string;
}

export function browserOf(cookieHeader: string | undefined): Browser {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  return {
    sessionId: cookies[SESSION_COOKIE] || undefined,
    browserId: cookies[BROWSER_COOKIE] || undefined,
    slackState: cookies[STATE_COOKIE] || undefined,
  };
}

/** Set-Cookie values: HttpOnly, SameSite=Lax, Secure unless the service is http on loopback. */
export class CookieJar {
  constructor(private readonly secure: boolean) {}

  set(name: string, value: string, maxAgeS: number): string {
    return serialize(name, value, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: '/',
      maxAge: maxAgeS,
    });
  }

  clear(name: string): string {
    return this.set(name, '', 0);
  }

  session(id: string) {
    return this.set(SESSION_COOKIE, id, SESSION_TTL_S);
  }

  browser(id: string) {
    return this.set(BROWSER_COOKIE, id, BROWSER_TTL_S);
  }

  /** The state of a trip to Slack's page, which the callback checks against Slack's `state`. */
  slackState(state: string) {
    return this.set(STATE_COOKIE, state, STATE_TTL_S);
  }
}

/** A browser whose session's person is still signed in (the same epoch), with its page's CSRF token. */
export interface SignedInBrowser {
  personId: string;
  record: PersonRecord;
  /** Posted back by the page's forms: a keyed hash of the session's cookie, so it is stored nowhere. */
  csrf: string;
}

export interface SessionsDeps {
  store: RecordStore;
  names: RecordNames;
  people: People;
}

/**
 * What a browser proves: the people's page session it signed in with (named in the store by a keyed hash of
 * the cookie's value) and the CSRF tokens of the forms it was shown, the page's and the consent page's.
 */
export class Sessions {
  constructor(private readonly deps: SessionsDeps) {}

  async create(personId: string, epoch: string): Promise<string> {
    const id = randomSecret();
    await this.deps.store.set(
      this.deps.names.of('session', id),
      JSON.stringify({ personId, epoch }),
      SESSION_TTL_S * 1000,
    );
    return id;
  }

  /** The person this browser signed in as, while their sign-in (epoch) lasts. */
  async signedIn(browser: Browser): Promise<SignedInBrowser | undefined> {
    const id = browser.sessionId;
    if (!id) return undefined;
    const saved = await this.deps.store.get(this.deps.names.of('session', id));
    if (saved === undefined) return undefined;
    const { personId, epoch } = JSON.parse(saved) as { personId: string; epoch: string };
    const record = await this.deps.people.read(personId);
    if (!record || record.epoch !== epoch) return undefined;
    return { personId, record, csrf: this.deps.names.hash('page-csrf', id) };
  }

  /** The signed-in browser, when the form it posted (with `csrf`) came from its own page. */
  async posted(browser: Browser, csrf: string | undefined): Promise<SignedInBrowser | undefined> {
    const signedIn = await this.signedIn(browser);
    return signedIn && sameSecret(csrf ?? '', signedIn.csrf) ? signedIn : undefined;
  }

  /** The consent form's CSRF token: bound to this browser and the authorization request it shows. */
  consentCsrf(browserId: string, pendingId: string): string {
    return this.deps.names.hash('csrf', `${browserId}:${pendingId}`);
  }

  /** Whether a consent form came from the consent page this browser was shown for `pendingId`. */
  consentPosted(browser: Browser, pendingId: string, csrf: string): boolean {
    const { browserId } = browser;
    return !!browserId && !!pendingId && sameSecret(csrf, this.consentCsrf(browserId, pendingId));
  }

  async end(id: string | undefined): Promise<void> {
    if (id) await this.deps.store.delete(this.deps.names.of('session', id));
  }
}

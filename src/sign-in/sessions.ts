import { parse, serialize } from 'cookie';
import type { RecordNames } from './names.js';
import { randomSecret, sameSecret } from './names.js';
import type { People, PersonRecord } from './people.js';
import type { RecordStore } from './record-store.js';

/** The cookies sign-in sets: the people's page session, the browser's consent binding, its trips to Slack. */
const COOKIES = {
  /** The people's page session (the browser that signed in). */
  session: 'as_session',
  /** A value per browser, signed by this server, that consent forms are bound to. */
  browser: 'as_browser',
  /** The states of this browser's trips to Slack's page (the callback's `state` must be one of them). */
  state: 'slack-oauth-state',
} as const;
export type CookieKind = keyof typeof COOKIES;
/** How long a browser has to come back from Slack's page (the state's life too). */
export const STATE_TTL_S = 600;
/** Trips to Slack one browser may have under way at once (several tabs signing in). */
const MAX_STATES = 4;
const SESSION_TTL_S = 12 * 3600;
const BROWSER_TTL_S = 24 * 3600;

/** What a request's cookies say about its browser. */
export interface Browser {
  sessionId?: string;
  browserId?: string;
  /** The states of the trips to Slack this browser started, oldest first. */
  slackStates: string[];
}

/**
 * Set-Cookie values: HttpOnly, SameSite=Lax, Path=/, Secure unless the service is http on loopback; with
 * Secure, the `__Host-` prefix too, so no sibling subdomain (nor a page on http) can plant one of them.
 */
export class CookieJar {
  readonly #names: Record<CookieKind, string>;

  constructor(private readonly secure: boolean) {
    const prefix = secure ? '__Host-' : '';
    this.#names = {
      session: `${prefix}${COOKIES.session}`,
      browser: `${prefix}${COOKIES.browser}`,
      state: `${prefix}${COOKIES.state}`,
    };
  }

  /** The name a cookie has on this service. */
  nameOf(kind: CookieKind): string {
    return this.#names[kind];
  }

  /** What a request's Cookie header says, read under this service's names only. */
  read(cookieHeader: string | undefined): Browser {
    const cookies = cookieHeader ? parse(cookieHeader) : {};
    const states = cookies[this.#names.state];
    return {
      sessionId: cookies[this.#names.session] || undefined,
      browserId: cookies[this.#names.browser] || undefined,
      slackStates: states ? states.split('.').filter(Boolean).slice(-MAX_STATES) : [],
    };
  }

  set(kind: CookieKind, value: string, maxAgeS: number): string {
    return serialize(this.#names[kind], value, {
      httpOnly: true,
      secure: this.secure,
      sameSite: 'lax',
      path: '/',
      maxAge: maxAgeS,
    });
  }

  clear(kind: CookieKind): string {
    return this.set(kind, '', 0);
  }

  session(id: string) {
    return this.set('session', id, SESSION_TTL_S);
  }

  browser(id: string) {
    return this.set('browser', id, BROWSER_TTL_S);
  }

  /** The trips to Slack's page this browser has under way (states are base64url: '.' joins them). */
  slackStates(states: string[]) {
    const kept = states.slice(-MAX_STATES);
    return kept.length ? this.set('state', kept.join('.'), STATE_TTL_S) : this.clear('state');
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

  /** A new value for a browser's consent binding: random, with this server's signature. */
  newBrowserId(): string {
    const id = randomSecret();
    return `${id}.${this.deps.names.hash('browser', id)}`;
  }

  /** Whether a browser's value is one this server made (a cookie planted with a value of one's own is not). */
  knownBrowser(browserId: string | undefined): browserId is string {
    const [id = '', signature = ''] = (browserId ?? '').split('.');
    return !!id && sameSecret(signature, this.deps.names.hash('browser', id));
  }

  /**
   * The consent form's CSRF token: bound to this browser's signed value, the authorization request it shows
   * and the page session it has (so a form shown to one person's browser is not valid in another's).
   */
  consentCsrf(browser: Browser & { browserId: string }, pendingId: string): string {
    return this.deps.names.hash('csrf', `${browser.browserId}:${pendingId}:${browser.sessionId ?? ''}`);
  }

  /** Whether a consent form came from the consent page this browser was shown for `pendingId`. */
  consentPosted(browser: Browser, pendingId: string, csrf: string): boolean {
    const { browserId } = browser;
    if (!this.knownBrowser(browserId) || !pendingId) return false;
    return sameSecret(csrf, this.consentCsrf({ ...browser, browserId }, pendingId));
  }

  async end(id: string | undefined): Promise<void> {
    if (id) await this.deps.store.delete(this.deps.names.of('session', id));
  }
}

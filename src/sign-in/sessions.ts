import { parse, serialize } from 'cookie';
import type { RecordNames } from './names.js';
import { randomSecret } from './names.js';
import type { RecordStore } from './record-store.js';

/** The people's page session (the browser that signed in). */
export const SESSION_COOKIE = 'as_session';
/** A random value per browser that consent forms are bound to (their CSRF token is a keyed hash of it). */
export const BROWSER_COOKIE = 'as_browser';
const SESSION_TTL_S = 12 * 3600;
const BROWSER_TTL_S = 24 * 3600;

export interface Session {
  personId: string;
  epoch: string;
  /** Posted back by the page's forms: a keyed hash of the session's cookie, so it is stored nowhere. */
  csrf: string;
}

/** What a request's cookies say about its browser. */
export interface Browser {
  sessionId?: string;
  browserId?: string;
  slackState?: string;
}

export function browserOf(cookieHeader: string | undefined, slackStateCookie: string): Browser {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  return {
    sessionId: cookies[SESSION_COOKIE] || undefined,
    browserId: cookies[BROWSER_COOKIE] || undefined,
    slackState: cookies[slackStateCookie] || undefined,
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
}

/** Browser sessions of the people's page, named in the store by a keyed hash of the cookie's value. */
export class Sessions {
  constructor(
    private readonly store: RecordStore,
    private readonly names: RecordNames,
  ) {}

  async create(personId: string, epoch: string): Promise<string> {
    const id = randomSecret();
    await this.store.set(
      this.names.of('session', id),
      JSON.stringify({ personId, epoch }),
      SESSION_TTL_S * 1000,
    );
    return id;
  }

  async read(id: string | undefined): Promise<Session | undefined> {
    if (!id) return undefined;
    const saved = await this.store.get(this.names.of('session', id));
    if (saved === undefined) return undefined;
    return { ...(JSON.parse(saved) as Omit<Session, 'csrf'>), csrf: this.names.hash('page-csrf', id) };
  }

  async end(id: string | undefined): Promise<void> {
    if (id) await this.store.delete(this.names.of('session', id));
  }
}

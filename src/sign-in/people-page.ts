import { sameSecret } from './names.js';
import type { Grants } from './oauth/grants.js';
import { SCOPE } from './oauth/grants.js';
import { type PageOutcome, pageOf, redirectTo } from './outcome.js';
import { errorPage, peoplePage } from './pages.js';
import type { People, PersonRecord } from './people.js';
import { type Browser, type CookieJar, SESSION_COOKIE, type Sessions } from './sessions.js';
import type { SignInSettings } from './settings.js';
import { type SlackOAuth, STATE_COOKIE } from './slack-oauth.js';

export interface PeoplePageDeps {
  settings: SignInSettings;
  slack: SlackOAuth;
  grants: Grants;
  people: People;
  sessions: Sessions;
  jar: CookieJar;
  nameOf: (personId: string, record: PersonRecord) => Promise<string>;
  signOut: (personId: string, epoch: string) => Promise<void>;
}

type Form = Record<string, string | undefined>;

/** The people's page: sign in with Slack, whom you are signed in as, a personal token (shown once), sign out. */
export class PeoplePage {
  constructor(private readonly deps: PeoplePageDeps) {}

  /** GET /signin/slack: off to Slack's sign-in page, bound to this browser. */
  async startSignIn(): Promise<PageOutcome> {
    const { url, state } = await this.deps.slack.authorizeUrl({ kind: 'page' });
    return redirectTo(url, [this.deps.jar.set(STATE_COOKIE, state, 600)]);
  }

  /** GET /signin. */
  async show(browser: Browser, options: { notice?: string; token?: string } = {}): Promise<PageOutcome> {
    const { settings, jar } = this.deps;
    const signedIn = await this.#session(browser);
    const view = { publicUrl: settings.issuer, notice: options.notice, token: options.token };
    if (!signedIn) return pageOf(200, peoplePage(view), browser.sessionId ? [jar.clear(SESSION_COOKIE)] : []);
    const { personId, record, csrf } = signedIn;
    const name = await this.deps.nameOf(personId, record);
    const team = record.teamName ?? record.teamId;
    return pageOf(200, peoplePage({ ...view, signedIn: { name, team, userId: record.userId, csrf } }));
  }

  /** POST /signin/token: a personal token for curl or a CLI, shown once. */
  async personalToken(form: Form, browser: Browser): Promise<PageOutcome> {
    const signedIn = await this.#session(browser);
    if (!signedIn || !sameSecret(form.csrf ?? '', signedIn.csrf)) return this.#notFromPage();
    const tokens = await this.deps.grants.issuePersonal({
      personId: signedIn.personId,
      epoch: signedIn.record.epoch,
      clientId: 'personal',
      clientName: 'Personal token',
      resource: this.deps.settings.serviceResource,
      scope: SCOPE,
    });
    await this.deps.people.touch(signedIn.personId);
    return this.show(browser, { token: tokens.access_token });
  }

  /** POST /signout: the person signed out everywhere, this browser's session ended. */
  async signOut(form: Form, browser: Browser): Promise<PageOutcome> {
    const signedIn = await this.#session(browser);
    if (!signedIn || !sameSecret(form.csrf ?? '', signedIn.csrf)) return this.#notFromPage();
    await this.deps.signOut(signedIn.personId, signedIn.record.epoch);
    await this.deps.sessions.end(browser.sessionId);
    return redirectTo('/signin?signed_out=1', [this.deps.jar.clear(SESSION_COOKIE)]);
  }

  #notFromPage(): PageOutcome {
    return pageOf(
      403,
      errorPage(
        'Not sent from your page',
        'This form did not come from your sign-in page in this browser: open /signin and try again.',
      ),
    );
  }

  /** This browser's session, while its person's sign-in (epoch) lasts. */
  async #session(browser: Browser) {
    const session = await this.deps.sessions.read(browser.sessionId);
    if (!session) return undefined;
    const record = await this.deps.people.read(session.personId);
    if (!record || record.epoch !== session.epoch) return undefined;
    return { personId: session.personId, record, csrf: session.csrf };
  }
}

import type { AnonymousQuota } from './anonymous-quota.js';
import { type Approvals, approverOf } from './oauth/approvals.js';
import type { Grants } from './oauth/grants.js';
import { PERSONAL_SCOPE } from './oauth/scopes.js';
import { type PageOutcome, pageOf, redirectTo, refusal, tooMany } from './outcome.js';
import { peoplePage } from './pages.js';
import type { People, PersonRecord } from './people.js';
import type { PageForm, PeoplePageQuery, RevokeClientForm } from './requests.js';
import type { Browser, CookieJar, Sessions } from './sessions.js';
import type { SignInSettings } from './settings.js';
import type { SlackOAuth } from './slack-oauth.js';

export interface PeoplePageDeps {
  settings: SignInSettings;
  slack: SlackOAuth;
  grants: Grants;
  approvals: Approvals;
  people: People;
  sessions: Sessions;
  jar: CookieJar;
  quota: AnonymousQuota;
  nameOf: (personId: string, record: PersonRecord) => Promise<string>;
  signOut: (personId: string, epoch: string) => Promise<void>;
}

/** What the page says after a redirect back to it (`/signin?signed_out=1`), by query parameter. */
const NOTICES = {
  signed_out:
    'You are signed out: every client’s access has ended and Slack revoked this server’s token for you.',
  cancelled: 'Sign-in with Slack was cancelled.',
  revoked: 'That client’s access has ended: its tokens no longer work, and it asks you again next time.',
};

/**
 * The people's page: sign in with Slack, whom you are signed in as, the clients you approved (each revoked on
 * its own), a personal token (shown once), sign out.
 */
export class PeoplePage {
  constructor(private readonly deps: PeoplePageDeps) {}

  /** GET /signin, with the notice its query asks for. */
  async show(query: PeoplePageQuery, browser: Browser): Promise<PageOutcome> {
    const asked = (['signed_out', 'cancelled', 'revoked'] as const).find((name) => query[name] !== undefined);
    return this.#render(browser, { notice: asked && NOTICES[asked] });
  }

  /** GET /signin/slack: off to Slack's sign-in page, bound to this browser. */
  async startSignIn(browser: Browser, address: string, slackRedirectUri?: string): Promise<PageOutcome> {
    const refused = await this.deps.quota.take('slack-state', address);
    if (refused) return tooMany(refused);
    const { url, state } = await this.deps.slack.authorizeUrl({ kind: 'page' }, slackRedirectUri);
    return redirectTo(url, [this.deps.jar.slackStates([...browser.slackStates, state])]);
  }

  /** POST /signin/token: a personal token for curl or a CLI, shown once. */
  async personalToken(form: PageForm, browser: Browser): Promise<PageOutcome> {
    const signedIn = await this.deps.sessions.posted(browser, form.csrf);
    if (!signedIn) return this.#notFromPage();
    const tokens = await this.deps.grants.issuePersonal({
      personId: signedIn.personId,
      epoch: signedIn.record.epoch,
      clientId: 'personal',
      clientName: 'Personal token',
      resource: this.deps.settings.serviceResource,
      scope: PERSONAL_SCOPE,
    });
    await this.deps.people.touch(signedIn.personId);
    return this.#render(browser, { token: tokens.access_token });
  }

  /**
   * POST /signin/revoke: one client's access ends at once (every grant this sign-in gave it, so its access and
   * refresh tokens), and its approval is forgotten; the person's other clients and sign-in stay.
   */
  async revokeClient(form: RevokeClientForm, browser: Browser): Promise<PageOutcome> {
    const signedIn = await this.deps.sessions.posted(browser, form.csrf);
    if (!signedIn) return this.#notFromPage();
    if (!form.client_id) return refusal(400, 'Which client?', 'client_id is required: the client to revoke');
    const who = approverOf(signedIn);
    await this.deps.approvals.forget(who, form.client_id);
    await this.deps.grants.endClient({ ...who, clientId: form.client_id });
    return redirectTo('/signin?revoked=1');
  }

  /** POST /signout: the person signed out everywhere, this browser's session ended. */
  async signOut(form: PageForm, browser: Browser): Promise<PageOutcome> {
    const signedIn = await this.deps.sessions.posted(browser, form.csrf);
    if (!signedIn) return this.#notFromPage();
    await this.deps.signOut(signedIn.personId, signedIn.record.epoch);
    await this.deps.sessions.end(browser.sessionId);
    return redirectTo('/signin?signed_out=1', [this.deps.jar.clear('session')]);
  }

  /** The page as this browser sees it: signed in or not, with a notice or a token just made. */
  async #render(browser: Browser, options: { notice?: string; token?: string }): Promise<PageOutcome> {
    const { settings, jar } = this.deps;
    const signedIn = await this.deps.sessions.signedIn(browser);
    const view = { publicUrl: settings.issuer, notice: options.notice, token: options.token };
    if (!signedIn) return pageOf(200, peoplePage(view), browser.sessionId ? [jar.clear('session')] : []);
    const { personId, record, csrf } = signedIn;
    const name = await this.deps.nameOf(personId, record);
    const team = record.teamName ?? record.teamId;
    const clients = await this.deps.approvals.list(approverOf(signedIn));
    return pageOf(
      200,
      peoplePage({ ...view, signedIn: { name, team, userId: record.userId, csrf, clients } }),
    );
  }

  #notFromPage(): PageOutcome {
    return refusal(
      403,
      'Not sent from your page',
      'This form did not come from your sign-in page in this browser: open /signin and try again.',
    );
  }
}

import type { AnonymousQuota } from './anonymous-quota.js';
import { type Approvals, approverOf } from './oauth/approvals.js';
import type { Grants } from './oauth/grants.js';
import { PERSONAL_SCOPE } from './oauth/scopes.js';
import { type PageOutcome, pageOf, redirectTo, refusal, tooMany } from './outcome.js';
import { peoplePage } from './pages.js';
import { installIdOf, type People, type PersonRecord } from './people.js';
import type { PersonWorkspaces } from './person-workspaces.js';
import type { PageForm, PeoplePageQuery, RemoveWorkspaceForm, RevokeClientForm } from './requests.js';
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
  /** The person's several Slack sign-ins: added, removed, named. */
  workspaces: PersonWorkspaces;
}

/** What the page says after a redirect back to it (`/signin?signed_out=1`), by query parameter. */
const NOTICES = {
  signed_out:
    'You are signed out: every client’s access has ended and Slack revoked this server’s token for you.',
  cancelled: 'Sign-in with Slack was cancelled.',
  revoked: 'That client’s access has ended: its tokens no longer work, and it asks you again next time.',
  added: 'Workspace added: your clients now read it too, with what you let each read.',
  removed:
    'That workspace is removed: Slack revoked this server’s token for it, and your clients no longer read it. Your other workspaces stay.',
};

/**
 * The people's page: sign in with Slack, whom you are signed in as, the clients you approved (each revoked on
 * its own), a personal token (shown once), sign out.
 */
export class PeoplePage {
  constructor(private readonly deps: PeoplePageDeps) {}

  /** GET /signin, with the notice its query asks for. */
  async show(query: PeoplePageQuery, browser: Browser): Promise<PageOutcome> {
    const notices = ['signed_out', 'cancelled', 'revoked', 'added', 'removed'] as const;
    const asked = notices.find((name) => query[name] !== undefined);
    return this.#render(browser, { notice: asked && NOTICES[asked] });
  }

  /** GET /signin/slack: off to Slack's sign-in page, bound to this browser. */
  async startSignIn(browser: Browser, address: string, slackRedirectUri?: string): Promise<PageOutcome> {
    const refused = await this.deps.quota.take('slack-state', address);
    if (refused) return tooMany(refused);
    const { url, state } = await this.deps.slack.authorizeUrl({ kind: 'page' }, slackRedirectUri);
    return redirectTo(url, [this.deps.jar.slackStates([...browser.slackStates, state])]);
  }

  /**
   * POST /signin/workspaces/add: off to Slack's sign-in page to add another workspace (or organisation) to this
   * person. Only a form from their own page starts it (CSRF), and the trip is bound to this browser (the state
   * cookie) and to this session (kept with the state): the callback adds the workspace to no one else.
   */
  async addWorkspace(
    form: PageForm,
    browser: Browser,
    address: string,
    slackRedirectUri?: string,
  ): Promise<PageOutcome> {
    const signedIn = await this.deps.sessions.posted(browser, form.csrf);
    if (!signedIn || !browser.sessionId) return this.#notFromPage();
    const refused = await this.deps.quota.take('slack-state', address);
    if (refused) return tooMany(refused);
    const session = this.deps.workspaces.sessionName(browser.sessionId);
    const { url, state } = await this.deps.slack.authorizeUrl(
      { kind: 'attach', personId: signedIn.personId, session },
      slackRedirectUri,
    );
    return redirectTo(url, [this.deps.jar.slackStates([...browser.slackStates, state])]);
  }

  /** POST /signin/workspaces/remove: one workspace goes (its Slack token revoked); the last one signs out. */
  async removeWorkspace(form: RemoveWorkspaceForm, browser: Browser): Promise<PageOutcome> {
    const signedIn = await this.deps.sessions.posted(browser, form.csrf);
    if (!signedIn) return this.#notFromPage();
    if (!form.workspace)
      return refusal(
        400,
        'Which workspace?',
        'workspace is required: the workspace or organisation to remove',
      );
    const outcome = await this.deps.workspaces.remove(signedIn.personId, signedIn.record, form.workspace);
    if (outcome === 'not-theirs')
      return refusal(400, 'Which workspace?', `${form.workspace.slice(0, 64)} is not one of your workspaces`);
    if (outcome === 'removed') return redirectTo('/signin?removed=1');
    await this.deps.sessions.end(browser.sessionId);
    return redirectTo('/signin?signed_out=1', [this.deps.jar.clear('session')]);
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
    const workspaces = [];
    for (const { recordId, record: r } of await this.deps.people.workspacesOf(personId, record))
      workspaces.push({
        id: installIdOf(r),
        name: r.teamName ?? installIdOf(r),
        userId: r.userId,
        orgWide: r.orgWide === true,
        reads: await this.deps.workspaces.namesOf(recordId, r),
      });
    const clients = await this.deps.approvals.list(approverOf(signedIn));
    return pageOf(200, peoplePage({ ...view, signedIn: { name, workspaces, csrf, clients } }));
  }

  #notFromPage(): PageOutcome {
    return refusal(
      403,
      'Not sent from your page',
      'This form did not come from your sign-in page in this browser: open /signin and try again.',
    );
  }
}

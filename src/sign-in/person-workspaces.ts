import type { Installation } from '@slack/oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import { type RecordNames, sameSecret } from './names.js';
import { type PageOutcome, redirectTo, refusal } from './outcome.js';
import { installIdOf, type People, type PersonRecord, type PersonWorkspace } from './people.js';
import type { Browser, Sessions } from './sessions.js';
import type { SlackOAuth } from './slack-oauth.js';
import type { TokenRotation } from './token-rotation.js';

/** One Slack sign-in a signed-in person reads with: its token and how to keep it working. */
export interface PersonSlackToken {
  /** The workspace (T…), absent for an org-wide token (its workspaces come from Slack). */
  teamId?: string;
  /** The workspace (T…), or the organisation (E…) of an org-wide token. */
  installId: string;
  enterpriseId?: string;
  orgWide: boolean;
  userId: string;
  slackToken: string;
  /** The sign-in's name in cache keys: the same across token rotations, never the token. */
  identity: string;
  /** On token_expired: the token to retry with (refreshed once across replicas), or undefined. */
  renew: (expired: string) => Promise<string | undefined>;
  /** Slack refused the token for good (token_revoked, invalid_auth, account_inactive…): this sign-in ends. */
  rejected: (slackError: string) => Promise<void>;
}

export interface PersonWorkspacesDeps {
  people: People;
  rotation: TokenRotation;
  slack: SlackOAuth;
  sessions: Sessions;
  names: RecordNames;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The names of the workspaces an org-wide token reads (auth.teams.list through the gateway). */
  workspaceNames?: (person: { slackToken: string; identity: string }) => Promise<string[]>;
  signOut: (personId: string, epoch: string) => Promise<void>;
}

/** What removing one of a person's workspaces came to. */
export type Removal = 'removed' | 'signed-out' | 'not-theirs';

/**
 * A person's several Slack sign-ins (workspaces, or an organisation org-wide): each read with its own token,
 * another added only to the person whose session asked for it, one removed (its Slack grant revoked) while
 * the others stay.
 */
export class PersonWorkspaces {
  constructor(private readonly deps: PersonWorkspacesDeps) {}

  /** One Slack sign-in as a request reads with it: a refusal ends that one alone. */
  tokenOf(recordId: string, record: PersonRecord): PersonSlackToken {
    const { people, rotation } = this.deps;
    return {
      ...(record.teamId ? { teamId: record.teamId } : {}),
      installId: installIdOf(record),
      ...(record.enterpriseId ? { enterpriseId: record.enterpriseId } : {}),
      orgWide: record.orgWide === true,
      userId: record.userId,
      slackToken: record.accessToken,
      identity: people.identityOf(record),
      renew: (expired) => rotation.renew(recordId, expired),
      rejected: async (slackError) => {
        this.deps.log.info({ slackError }, 'Slack refused a signed-in person’s token: that sign-in ends');
        const current = await people.read(recordId);
        if (current) await people.drop(recordId, current);
      },
    };
  }

  /** The token to revoke a sign-in's Slack grant with: refreshed first when expired (Slack refuses it then). */
  async revocable({ recordId, record }: PersonWorkspace): Promise<string> {
    const expired = record.expiresAt !== undefined && record.expiresAt <= this.deps.clock();
    const usable = expired
      ? await this.deps.rotation.usable(recordId, record).catch(() => undefined)
      : record;
    return (usable ?? record).accessToken;
  }

  /**
   * One workspace (or organisation) of a signed-in person removed on their page: its Slack grant revoked, its
   * record gone; the others stay. Their last one is signing out.
   */
  async remove(personId: string, home: PersonRecord, installId: string): Promise<Removal> {
    const { people } = this.deps;
    const workspaces = await people.workspacesOf(personId, home);
    const removed = workspaces.find(({ record }) => installIdOf(record) === installId);
    if (!removed) return 'not-theirs';
    if (workspaces.length === 1) {
      await this.deps.signOut(personId, home.epoch);
      return 'signed-out';
    }
    const token = await this.revocable(removed);
    await people.drop(removed.recordId, removed.record);
    await this.deps.slack.revoke(token);
    return 'removed';
  }

  /** The keyed hash of a session that names it in a workspace-adding trip (never the cookie itself). */
  sessionName(sessionId: string): string {
    return this.deps.names.hash('attach', sessionId);
  }

  /**
   * Back from Slack with a workspace to add: added only to the person whose session started the trip, and
   * only while this browser still holds that session (a forged or replayed callback, another browser, a sign-out
   * or another sign-in meanwhile: refused, nothing stored).
   */
  async attach(
    installation: Installation,
    flow: { personId: string; session: string },
    browser: Browser,
    cookies: string[],
  ): Promise<PageOutcome> {
    const { people, sessions } = this.deps;
    const signedIn = await sessions.signedIn(browser);
    const sameSession =
      signedIn?.personId === flow.personId &&
      browser.sessionId !== undefined &&
      sameSecret(this.sessionName(browser.sessionId), flow.session);
    if (!signedIn || !sameSession)
      return refusal(
        403,
        'Not the person who asked to add a workspace',
        'This browser is no longer signed in as the person who started adding a workspace: nothing was added. Open /signin and try again.',
        cookies,
      );
    const recordId = people.idOfInstallation(installation);
    if (recordId !== flow.personId && (await people.added(recordId)).length > 0)
      return refusal(
        409,
        'That sign-in holds workspaces of its own',
        'You added workspaces to the sign-in you just used: sign in with it and remove them there, or add them here one by one.',
        cookies,
      );
    await people.signIn(installation, flow.personId);
    return redirectTo('/signin?added=1', cookies);
  }

  /** The workspaces an org-wide sign-in reads, by name (none when Slack cannot say now). */
  async namesOf(recordId: string, record: PersonRecord): Promise<string[]> {
    if (!record.orgWide) return [];
    const usable = (await this.deps.rotation.usable(recordId, record).catch(() => record)) ?? record;
    const identity = this.deps.people.identityOf(record);
    const names = await this.deps
      .workspaceNames?.({ slackToken: usable.accessToken, identity })
      .catch(() => undefined);
    return names ?? [];
  }
}

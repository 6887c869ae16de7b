import { randomBytes } from 'node:crypto';
import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import type { Clock } from '../clock.js';
import type { RecordNames } from './names.js';
import type { RecordStore } from './record-store.js';
import { type TokenCipher, UnreadableRecord } from './token-cipher.js';

/** One signed-in person of one workspace: their Slack user token, sealed at rest. */
export interface PersonRecord {
  teamId: string;
  teamName?: string;
  userId: string;
  enterpriseId?: string;
  scopes: string[];
  accessToken: string;
  /** With Slack's token rotation: the single-use refresh token and when the access token expires (epoch ms). */
  refreshToken?: string;
  expiresAt?: number;
  /** The access token's whole lifetime (ms), which the refresh margin is proportional to. */
  lifetimeMs?: number;
  /**
   * Names this sign-in in cache keys and grants: kept across token rotations and repeated sign-ins, new after
   * a sign-out or revocation, so nothing cached or granted before then is reachable again.
   */
  epoch: string;
  /** Bumped by every refresh: a replica waiting on another's refresh sees it changed. */
  version: number;
  signedInAt: number;
}

export interface PeopleDeps {
  store: RecordStore;
  cipher: TokenCipher;
  names: RecordNames;
  clock: Clock;
  /** How long an idle person's record is kept (SIGN_IN_GRANT_TTL_S). */
  ttlMs: number;
  onUnreadable?: (reason: string) => void;
}

/**
 * People's records, sealed with TokenCipher (the record's key is the AAD), one per (workspace, person), plus
 * one set per workspace naming its people (for app_uninstalled). Also @slack/oauth's InstallationStore: its
 * callback handler stores each sign-in here.
 */
export class People implements InstallationStore {
  constructor(private readonly deps: PeopleDeps) {}

  idOf(teamId: string, userId: string): string {
    return this.deps.names.hash('person', `${teamId}:${userId}`);
  }

  /** The stable name of a sign-in in cache keys: never a token, the same across rotations. */
  identityOf(record: PersonRecord): string {
    return `person-${this.deps.names.hash('identity', `${record.teamId}:${record.userId}:${record.epoch}`)}`;
  }

  async read(personId: string): Promise<PersonRecord | undefined> {
    const key = this.deps.names.raw('person', personId);
    const sealed = await this.deps.store.get(key);
    if (sealed === undefined) return undefined;
    try {
      const { plaintext, stale } = this.deps.cipher.open(sealed, key);
      const record = JSON.parse(plaintext) as PersonRecord;
      if (stale) await this.write(personId, record);
      return record;
    } catch (err) {
      if (!(err instanceof UnreadableRecord)) throw err;
      // A key dropped from the configuration, or tampering: the person signs in again.
      this.deps.onUnreadable?.(err.message);
      await this.deps.store.delete(key);
      return undefined;
    }
  }

  async write(personId: string, record: PersonRecord): Promise<void> {
    const key = this.deps.names.raw('person', personId);
    await this.deps.store.set(key, this.deps.cipher.seal(JSON.stringify(record), key), this.deps.ttlMs);
  }

  /** Keeps an active person's record as long as their newest grant. */
  async touch(personId: string): Promise<void> {
    await this.deps.store.expire(this.deps.names.raw('person', personId), this.deps.ttlMs);
  }

  /** A new sign-in: the Slack answer as @slack/oauth built it; a person already signed in keeps their epoch. */
  async signIn(installation: Installation): Promise<{ personId: string; record: PersonRecord }> {
    const { user, team, enterprise } = installation;
    const teamId = team?.id;
    if (!teamId || !user.token)
      throw new Error('Slack answered the sign-in without a workspace or a user token');
    const personId = this.idOf(teamId, user.id);
    const earlier = await this.read(personId);
    const now = this.deps.clock();
    const expiresAt = user.expiresAt === undefined ? undefined : user.expiresAt * 1000;
    const record: PersonRecord = {
      teamId,
      teamName: team?.name,
      userId: user.id,
      enterpriseId: enterprise?.id,
      scopes: user.scopes ?? [],
      accessToken: user.token,
      refreshToken: user.refreshToken,
      expiresAt,
      lifetimeMs: expiresAt === undefined ? undefined : Math.max(1000, expiresAt - now),
      epoch: earlier?.epoch ?? randomBytes(16).toString('base64url'),
      version: (earlier?.version ?? 0) + 1,
      signedInAt: now,
    };
    await this.write(personId, record);
    await this.deps.store.addMember(this.deps.names.of('team', teamId), personId, this.deps.ttlMs);
    return { personId, record };
  }

  async remove(personId: string, teamId?: string): Promise<void> {
    await this.deps.store.delete(this.deps.names.raw('person', personId));
    if (teamId) await this.deps.store.removeMember(this.deps.names.of('team', teamId), personId);
  }

  /** A person's sign-in, ended when it began before `at` (epoch ms); whether it was. */
  async removeSignedInBefore(personId: string, at: number): Promise<boolean> {
    const record = await this.read(personId);
    if (!record || record.signedInAt >= at) return false;
    await this.remove(personId, record.teamId);
    return true;
  }

  /** Everyone of a workspace who signed in before `at` (app_uninstalled): their records go; how many. */
  async removeTeam(teamId: string, at = Number.POSITIVE_INFINITY): Promise<number> {
    const teamKey = this.deps.names.of('team', teamId);
    let ended = 0;
    for (const personId of await this.deps.store.members(teamKey))
      ended += Number(await this.removeSignedInBefore(personId, at));
    return ended;
  }

  // InstallationStore, for @slack/oauth's callback handler.

  async storeInstallation(installation: Installation): Promise<void> {
    await this.signIn(installation);
  }

  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    const record =
      query.teamId && query.userId ? await this.read(this.idOf(query.teamId, query.userId)) : undefined;
    if (!record) throw new Error('no such person is signed in');
    return {
      team: { id: record.teamId, name: record.teamName },
      enterprise: record.enterpriseId ? { id: record.enterpriseId } : undefined,
      user: {
        id: record.userId,
        token: record.accessToken,
        refreshToken: record.refreshToken,
        expiresAt: record.expiresAt === undefined ? undefined : Math.floor(record.expiresAt / 1000),
        scopes: record.scopes,
      },
      authVersion: 'v2',
    };
  }

  async deleteInstallation(query: InstallationQuery<boolean>): Promise<void> {
    if (query.teamId && query.userId) await this.remove(this.idOf(query.teamId, query.userId), query.teamId);
  }
}

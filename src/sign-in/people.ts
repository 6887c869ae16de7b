import { randomBytes } from 'node:crypto';
import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import type { Clock } from '../clock.js';
import type { RecordNames } from './names.js';
import type { RecordStore } from './record-store.js';
import { type TokenCipher, UnreadableRecord } from './token-cipher.js';

/**
 * One Slack sign-in of a person: their Slack user token, sealed at rest. A workspace install names its
 * workspace (`teamId`); an org-wide install (`orgWide`) has no workspace (Slack's `team` is null) and is keyed
 * by its organisation (`enterpriseId`): one token for every workspace of it the app is approved in. A person
 * who added other workspaces on their page is the record of their first sign-in (the home), whose
 * `workspaces` set names the others' records (each with `homeId`).
 */
export interface PersonRecord {
  /** The workspace (T…) of a workspace install; absent for an org-wide install. */
  teamId?: string;
  /** The workspace's name, or an org-wide install's organisation's. */
  teamName?: string;
  userId: string;
  enterpriseId?: string;
  /** An org-wide install (`is_enterprise_install`): keyed by `enterpriseId`. */
  orgWide?: boolean;
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
  /** A workspace the person added on the page of another sign-in of theirs: that (home) record's id. */
  homeId?: string;
  /**
   * A home whose own workspace was removed (or whose token Slack refused) while workspaces it added remain: it
   * holds no Slack token, only the person (their epoch, grants and sessions) for the others.
   */
  released?: boolean;
}

/** What a record's key is made of: its workspace (T…), or its organisation (E…) for an org-wide install. */
export const installIdOf = (record: Pick<PersonRecord, 'teamId' | 'enterpriseId' | 'orgWide'>): string =>
  (record.orgWide ? record.enterpriseId : record.teamId) ?? '';

/** One of a person's Slack sign-ins, with its record's id. */
export interface PersonWorkspace {
  recordId: string;
  record: PersonRecord;
}

export interface PeopleDeps {
  store: RecordStore;
  cipher: TokenCipher;
  names: RecordNames;
  clock: Clock;
  /** How long an idle person's record is kept (SIGN_IN_GRANT_TTL_S). */
  ttlMs: number;
  onUnreadable?: (reason: string) => void;
  /** Told of each sign-in once stored (never awaited): the service learns what it needs of the token then. */
  onSignIn?: (personId: string, record: PersonRecord) => void;
}

/**
 * People's records, sealed with TokenCipher (the record's key is the AAD), one per (workspace or organisation,
 * person), plus one set per workspace or organisation naming its people (for app_uninstalled) and one per home
 * naming the workspaces its person added. Also @slack/oauth's InstallationStore: its callback handler stores
 * each sign-in here (but a workspace being added, which the callback stores once the session proves whose).
 */
export class People implements InstallationStore {
  constructor(private readonly deps: PeopleDeps) {}

  /** A record's id: its workspace (T…), or its organisation (E…) for an org-wide install, and the user. */
  idOf(installId: string, userId: string): string {
    return this.deps.names.hash('person', `${installId}:${userId}`);
  }

  /** The record an installation is stored in: never keyed by a null team. */
  idOfInstallation(installation: Installation): string {
    const { team, enterprise, user, isEnterpriseInstall } = installation;
    const installId = isEnterpriseInstall ? enterprise?.id : team?.id;
    if (!installId || !user.token)
      throw new Error('Slack answered the sign-in without a workspace, an organisation or a user token');
    return this.idOf(installId, user.id);
  }

  /** The stable name of a sign-in in cache keys: never a token, the same across rotations. */
  identityOf(record: PersonRecord): string {
    return `person-${this.deps.names.hash('identity', `${installIdOf(record)}:${record.userId}:${record.epoch}`)}`;
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

  #addedKey(homeId: string) {
    return this.deps.names.of('workspaces', homeId);
  }

  #installKey(record: PersonRecord) {
    return this.deps.names.of('team', installIdOf(record));
  }

  /** Keeps an active person's records (their home and the workspaces they added) as long as their newest grant. */
  async touch(personId: string): Promise<void> {
    const { store, names, ttlMs } = this.deps;
    await store.expire(names.raw('person', personId), ttlMs);
    const added = await store.members(this.#addedKey(personId));
    if (added.length === 0) return;
    await store.expire(this.#addedKey(personId), ttlMs);
    for (const id of added) await store.expire(names.raw('person', id), ttlMs);
  }

  /**
   * A new sign-in: the Slack answer as @slack/oauth built it; a person already signed in keeps their epoch (and
   * the workspaces they added). `homeId`: the workspace is being added to that person's.
   */
  async signIn(
    installation: Installation,
    homeId?: string,
  ): Promise<{ personId: string; record: PersonRecord }> {
    const { user, team, enterprise, isEnterpriseInstall } = installation;
    const personId = this.idOfInstallation(installation);
    const earlier = await this.read(personId);
    const now = this.deps.clock();
    const expiresAt = user.expiresAt === undefined ? undefined : user.expiresAt * 1000;
    const orgWide = isEnterpriseInstall === true;
    const record: PersonRecord = {
      ...(orgWide ? { teamName: enterprise?.name, orgWide } : { teamId: team?.id, teamName: team?.name }),
      userId: user.id,
      enterpriseId: enterprise?.id,
      scopes: user.scopes ?? [],
      accessToken: user.token as string,
      refreshToken: user.refreshToken,
      expiresAt,
      lifetimeMs: expiresAt === undefined ? undefined : Math.max(1000, expiresAt - now),
      epoch: earlier?.epoch ?? randomBytes(16).toString('base64url'),
      version: (earlier?.version ?? 0) + 1,
      signedInAt: now,
      ...(homeId && homeId !== personId ? { homeId } : earlier?.homeId ? { homeId: earlier.homeId } : {}),
    };
    await this.write(personId, record);
    await this.deps.store.addMember(this.#installKey(record), personId, this.deps.ttlMs);
    if (record.homeId)
      await this.deps.store.addMember(this.#addedKey(record.homeId), personId, this.deps.ttlMs);
    this.deps.onSignIn?.(personId, record);
    return { personId, record };
  }

  /** The workspaces a home's person added that are still theirs (a record moved to another person is not). */
  async added(homeId: string, ids?: string[]): Promise<PersonWorkspace[]> {
    const recordIds = (ids ?? (await this.deps.store.members(this.#addedKey(homeId)))).sort();
    const records = await Promise.all(recordIds.map((recordId) => this.read(recordId)));
    return recordIds.flatMap((recordId, i) => {
      const record = records[i];
      return record?.homeId === homeId ? [{ recordId, record }] : [];
    });
  }

  /** Every Slack sign-in a person reads with: their home's own (unless released), then those they added. */
  async workspacesOf(personId: string, home: PersonRecord): Promise<PersonWorkspace[]> {
    const own = home.released ? [] : [{ recordId: personId, record: home }];
    return [...own, ...(await this.added(personId))];
  }

  /** A person's home and every sign-in they read with, the home and its set read at once (a request's path). */
  async person(personId: string): Promise<{ home?: PersonRecord; workspaces: PersonWorkspace[] }> {
    const [home, ids] = await Promise.all([
      this.read(personId),
      this.deps.store.members(this.#addedKey(personId)),
    ]);
    if (!home) return { workspaces: [] };
    const own = home.released ? [] : [{ recordId: personId, record: home }];
    return { home, workspaces: [...own, ...(ids.length ? await this.added(personId, ids) : [])] };
  }

  /** The person a sign-in with this record lands in: the home that added it, while that home keeps it. */
  async personOf(
    recordId: string,
    record: PersonRecord,
  ): Promise<{ personId: string; record: PersonRecord }> {
    if (!record.homeId) return { personId: recordId, record };
    const home = await this.read(record.homeId);
    const kept = home && (await this.deps.store.members(this.#addedKey(record.homeId))).includes(recordId);
    return home && kept ? { personId: record.homeId, record: home } : { personId: recordId, record };
  }

  /** A record and its memberships gone (a sign-out). */
  async remove(personId: string, record?: PersonRecord): Promise<void> {
    await this.deps.store.delete(this.deps.names.raw('person', personId));
    if (!record) return;
    await this.deps.store.removeMember(this.#installKey(record), personId);
    if (record.homeId) await this.deps.store.removeMember(this.#addedKey(record.homeId), personId);
  }

  /**
   * One Slack sign-in of a person ends (removed on their page, refused by Slack, revoked): a workspace they added
   * goes alone; their home goes, or, while workspaces it added remain, keeps the person without a token; the
   * person's last one takes the person with it.
   */
  async drop(recordId: string, record: PersonRecord): Promise<void> {
    const { homeId } = record;
    if (homeId) {
      await this.remove(recordId, record);
      const home = await this.read(homeId);
      if (home?.released && (await this.added(homeId)).length === 0) await this.forget(homeId, home);
      return;
    }
    if ((await this.added(recordId)).length === 0) return this.remove(recordId, record);
    const released: PersonRecord = {
      ...record,
      accessToken: '',
      refreshToken: undefined,
      expiresAt: undefined,
      lifetimeMs: undefined,
      released: true,
      version: record.version + 1,
    };
    await this.write(recordId, released);
    await this.deps.store.removeMember(this.#installKey(record), recordId);
  }

  /** A person gone whole: their home and every workspace they added. */
  async forget(personId: string, home: PersonRecord): Promise<void> {
    for (const { recordId, record } of await this.added(personId)) await this.remove(recordId, record);
    await this.deps.store.delete(this.#addedKey(personId));
    await this.remove(personId, home);
  }

  /** A Slack sign-in, ended when it began before `at` (epoch ms); whether it was. */
  async removeSignedInBefore(personId: string, at: number): Promise<boolean> {
    const record = await this.read(personId);
    if (!record || record.released || record.signedInAt >= at) return false;
    await this.drop(personId, record);
    return true;
  }

  /** Every sign-in of a workspace or organisation made before `at` (app_uninstalled) ends; how many. */
  async removeTeam(installId: string, at = Number.POSITIVE_INFINITY): Promise<number> {
    const teamKey = this.deps.names.of('team', installId);
    let ended = 0;
    for (const personId of await this.deps.store.members(teamKey))
      ended += Number(await this.removeSignedInBefore(personId, at));
    return ended;
  }

  // InstallationStore, for @slack/oauth's callback handler.

  async storeInstallation(installation: Installation): Promise<void> {
    // A workspace being added is stored by the callback, once the browser's session proves whose it is.
    const flow = installation.metadata ? (JSON.parse(installation.metadata) as { kind?: string }) : {};
    if (flow.kind !== 'attach') await this.signIn(installation);
  }

  async fetchInstallation(query: InstallationQuery<boolean>): Promise<Installation> {
    const installId = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
    const record =
      installId && query.userId ? await this.read(this.idOf(installId, query.userId)) : undefined;
    if (!record || record.released) throw new Error('no such person is signed in');
    return {
      team: record.teamId ? { id: record.teamId, name: record.teamName } : undefined,
      enterprise: record.enterpriseId ? { id: record.enterpriseId } : undefined,
      isEnterpriseInstall: record.orgWide === true,
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
    const installId = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
    if (!installId || !query.userId) return;
    const personId = this.idOf(installId, query.userId);
    const record = await this.read(personId);
    if (record) await this.drop(personId, record);
  }
}

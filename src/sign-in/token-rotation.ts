import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { LocalCoalescer } from '../cache/local-coalescer.js';
import type { Clock } from '../clock.js';
import { Errors, withRetryAfter } from '../errors.js';
import type { RecordNames } from './names.js';
import type { People, PersonRecord } from './people.js';
import type { RecordStore } from './record-store.js';
import type { RefreshOutcome } from './slack-oauth.js';

/** Refresh when this share of the token's lifetime is left: 2 h of a 12-hour token, 10 s of a minute's. */
export const REFRESH_SHARE = 1 / 6;
/** How long a refresh lock outlives a replica that died holding it (a refresh is one bounded Slack call). */
const LOCK_TTL_MS = 15_000;

/** Whether a rotating token is due for its refresh at `now` (always false for a token that does not expire). */
export function refreshDue(record: PersonRecord, now: number): boolean {
  if (record.refreshToken === undefined || record.expiresAt === undefined) return false;
  const lifetime = record.lifetimeMs ?? record.expiresAt - record.signedInAt;
  return now >= record.expiresAt - lifetime * REFRESH_SHARE;
}

export interface TokenRotationDeps {
  people: People;
  store: RecordStore;
  names: RecordNames;
  clock: Clock;
  log: FastifyBaseLogger;
  refresh: (refreshToken: string) => Promise<RefreshOutcome>;
  /** How long a request may wait for another replica's refresh. */
  waitMs: number;
  /** Hears each refresh Slack was asked for, by outcome (metrics, the rotation bench). */
  onRefresh?: (outcome: RefreshOutcome['kind']) => void;
}

/**
 * Slack's token rotation, exactly once across replicas: Slack's refresh tokens are single-use, so the replica
 * that takes the person's refresh lock (SET NX in the shared store) refreshes, and every other request, on any
 * replica, waits for the record's version to change and reads the new token. Within a process, concurrent
 * requests share one attempt.
 */
export class TokenRotation {
  readonly #inFlight = new LocalCoalescer();

  constructor(private readonly deps: TokenRotationDeps) {}

  /**
   * The record to act with: refreshed first when due. While the current token has not expired, a refresh
   * that fails for want of Slack is not the request's failure: it acts with the current token.
   */
  async usable(personId: string, record: PersonRecord): Promise<PersonRecord | undefined> {
    const now = this.deps.clock();
    if (!refreshDue(record, now)) return record;
    try {
      return await this.#refreshOnce(personId, record);
    } catch (err) {
      if (now < (record.expiresAt ?? 0)) {
        this.deps.log.warn(
          { code: (err as { code?: string }).code },
          'token refresh failed; the current token is still valid',
        );
        return record;
      }
      throw err;
    }
  }

  /** After Slack answered `token_expired` for `expired`: the token to retry with, or undefined (sign in again). */
  async renew(personId: string, expired: string): Promise<string | undefined> {
    const record = await this.deps.people.read(personId);
    if (!record) return undefined;
    if (record.accessToken !== expired) return record.accessToken;
    if (record.refreshToken === undefined) return undefined;
    return (await this.#refreshOnce(personId, record))?.accessToken;
  }

  #refreshOnce(personId: string, seen: PersonRecord): Promise<PersonRecord | undefined> {
    return this.#inFlight.run(`${personId}:${seen.version}`, () => this.#refreshShared(personId, seen));
  }

  async #refreshShared(personId: string, seen: PersonRecord): Promise<PersonRecord | undefined> {
    const { store, names, people, clock } = this.deps;
    const lockKey = names.raw('refresh-lock', personId);
    const owner = randomUUID();
    const giveUpAt = clock() + this.deps.waitMs;
    for (;;) {
      if (await store.claim(lockKey, owner, LOCK_TTL_MS)) {
        try {
          return await this.#refreshHeld(personId, seen);
        } finally {
          await store.release(lockKey, owner).catch(() => {});
        }
      }
      // Another replica refreshes: wait for its new version, or for its lock to go without one.
      for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
        if (clock() >= giveUpAt) throw withRetryAfter(new Errors.SignInBusy(), 1);
        await sleep(pause);
        const now = await people.read(personId);
        if (!now || now.version !== seen.version) return now;
        if ((await store.get(lockKey)) === undefined) break;
      }
    }
  }

  /** Under the lock: unless another replica refreshed meanwhile, spend the refresh token. */
  async #refreshHeld(personId: string, seen: PersonRecord): Promise<PersonRecord | undefined> {
    const { people, clock } = this.deps;
    const current = await people.read(personId);
    if (!current || current.version !== seen.version) return current;
    if (current.refreshToken === undefined) return current;
    const outcome = await this.deps.refresh(current.refreshToken);
    this.deps.onRefresh?.(outcome.kind);
    if (outcome.kind === 'unavailable')
      throw new Errors.SlackUnavailable(`oauth.v2.access: ${outcome.error}`);
    if (outcome.kind === 'refused') {
      // The refresh token is dead (revoked, or spent by a replica that died before storing its answer).
      this.deps.log.info(
        { slackError: outcome.error },
        'Slack refused a token refresh: the person signs in again',
      );
      await people.drop(personId, current);
      return undefined;
    }
    const lifetimeMs = outcome.expiresInS * 1000;
    const next: PersonRecord = {
      ...current,
      accessToken: outcome.accessToken,
      refreshToken: outcome.refreshToken,
      expiresAt: clock() + lifetimeMs,
      lifetimeMs,
      version: current.version + 1,
    };
    await people.write(personId, next);
    return next;
  }
}

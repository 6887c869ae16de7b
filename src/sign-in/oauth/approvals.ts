import type { Clock } from '../../clock.js';
import type { RecordNames } from '../names.js';
import type { RecordStore } from '../record-store.js';
import { type ConsentScope, covers, widerOf } from './scopes.js';

/** One person's approval of one client: what it may read, when, at which redirect URIs. */
interface Approval {
  clientName: string;
  scope: ConsentScope;
  approvedAt: number;
  /** Where the person approved it: another address asks again (RFC 8252 §8.6). */
  redirectUris: string[];
}

/** A client as the people's page lists it. */
export interface ApprovedClient {
  clientId: string;
  clientName: string;
  scope: ConsentScope;
  approvedAt: number;
}

/** Whose approval: a person's sign-in (a sign-out starts a new epoch, and with it no approvals). */
export interface Approver {
  personId: string;
  epoch: string;
}

/** The sign-in of a signed-in browser, as its approvals are named. */
export const approverOf = (signedIn: { personId: string; record: { epoch: string } }): Approver => ({
  personId: signedIn.personId,
  epoch: signedIn.record.epoch,
});

/** Redirect URIs remembered per approval (a loopback client may come back on another port each time). */
const REDIRECT_URIS_KEPT = 8;
/** Clients the people's page lists, at most (each one is one the person approved). */
const CLIENTS_LISTED = 100;

export interface ApprovalsDeps {
  store: RecordStore;
  names: RecordNames;
  clock: Clock;
  ttlMs: number;
}

/**
 * The clients a person approved, per sign-in: what each may read (the widest the person chose for it), so a
 * client asking again for no more goes straight back with a code, and one asking for more sees the consent
 * page again; listed on the people's page and forgotten there. Only a person's consent writes them.
 */
export class Approvals {
  constructor(private readonly deps: ApprovalsDeps) {}

  #key({ personId, epoch }: Approver, clientId: string) {
    return this.deps.names.of('approval', JSON.stringify([personId, epoch, clientId]));
  }

  #listKey({ personId, epoch }: Approver) {
    return this.deps.names.of('approvals', JSON.stringify([personId, epoch]));
  }

  async find(who: Approver, clientId: string): Promise<Approval | undefined> {
    const saved = await this.deps.store.get(this.#key(who, clientId));
    return saved === undefined ? undefined : (JSON.parse(saved) as Approval);
  }

  /**
   * The scope to grant without asking: what the client asks for (all it was approved for when it asks for
   * nothing), when the person approved it at this redirect URI for at least that; else undefined.
   */
  async covering(
    who: Approver,
    request: { clientId: string; redirectUri: string; scope?: ConsentScope },
  ): Promise<ConsentScope | undefined> {
    const approval = await this.find(who, request.clientId);
    if (!approval?.redirectUris.includes(request.redirectUri)) return undefined;
    if (request.scope === undefined) return approval.scope;
    return covers(approval.scope, request.scope) ? request.scope : undefined;
  }

  /** The person approved a client for `scope`: remembered with what it had (the wider stays). */
  async remember(
    who: Approver,
    client: { clientId: string; clientName: string; redirectUri: string },
    scope: ConsentScope,
  ): Promise<void> {
    const { store, clock, ttlMs } = this.deps;
    const earlier = await this.find(who, client.clientId);
    const approval: Approval = {
      clientName: client.clientName,
      scope: earlier ? widerOf(earlier.scope, scope) : scope,
      approvedAt: clock(),
      redirectUris: [client.redirectUri, ...(earlier?.redirectUris ?? [])]
        .filter((uri, i, all) => all.indexOf(uri) === i)
        .slice(0, REDIRECT_URIS_KEPT),
    };
    await store.set(this.#key(who, client.clientId), JSON.stringify(approval), ttlMs);
    await store.addMember(this.#listKey(who), client.clientId, ttlMs);
  }

  /** A client in use keeps its approval (and its place on the page) as long as its grants. */
  async keep(who: Approver, clientId: string): Promise<void> {
    await this.deps.store.expire(this.#key(who, clientId), this.deps.ttlMs);
    await this.deps.store.expire(this.#listKey(who), this.deps.ttlMs);
  }

  /** The clients a person approved, newest first; those whose approval has gone leave the list. */
  async list(who: Approver): Promise<ApprovedClient[]> {
    const { store } = this.deps;
    const clients: ApprovedClient[] = [];
    for (const clientId of (await store.members(this.#listKey(who))).slice(0, CLIENTS_LISTED)) {
      const approval = await this.find(who, clientId);
      if (!approval) await store.removeMember(this.#listKey(who), clientId);
      else {
        const { clientName, scope, approvedAt } = approval;
        clients.push({ clientId, clientName, scope, approvedAt });
      }
    }
    return clients.sort((a, b) => b.approvedAt - a.approvedAt);
  }

  /** The approval of one client, forgotten: it asks again next time. */
  async forget(who: Approver, clientId: string): Promise<void> {
    await this.deps.store.delete(this.#key(who, clientId));
    await this.deps.store.removeMember(this.#listKey(who), clientId);
  }
}

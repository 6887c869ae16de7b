import type { AuditClient, AuditWho } from './record.js';

/** Distinct values kept per kind at most; past it the oldest is forgotten (and made again if it returns). */
export const MAX_KEPT = 10_000;

/**
 * One object per distinct value, up to MAX_KEPT of them. A record's `who` and `client` have their JSON written
 * once per object (record-line.ts), so a value made anew for every request (a signed-in person's, an MCP client's
 * self-reported name) would have it written for every record: about 4 µs more a read (bench/audit.ts).
 */
class Interned<T> {
  readonly #kept = new Map<string, T>();

  of(key: string, make: () => T): T {
    let value = this.#kept.get(key);
    if (value === undefined) {
      if (this.#kept.size >= MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value as string);
      value = make();
      this.#kept.set(key, value);
    }
    return value;
  }
}

const whos = new Interned<AuditWho>();
const clients = new Interned<AuditClient>();

/** A part of a key that no other value of the part can imitate (its length first; `-` for none). */
const part = (value: string | undefined) => (value === undefined ? '-' : `${value.length}:${value}`);

/** A signed-in person as a record names them. */
export const personWho = (teamId: string, userId: string): AuditWho =>
  whos.of(`person${part(teamId)}${part(userId)}`, () => ({
    kind: 'person',
    id: `${teamId}:${userId}`,
    team_id: teamId,
    user_id: userId,
  }));

/** An API token as a record names it: by its name. */
export const tokenWho = (name: string): AuditWho =>
  whos.of(`token${part(name)}`, () => ({ kind: 'token', id: name }));

/**
 * A client as a record names it: the front end; for a signed-in person the OAuth client's id and name; the MCP
 * client's self-reported name when it gave one.
 */
export const auditClient = (
  via: AuditClient['via'],
  id?: string,
  name?: string,
  mcpName?: string,
): AuditClient =>
  clients.of(`${via}${part(id)}${part(name)}${part(mcpName)}`, () => ({
    via,
    ...(id !== undefined && { id }),
    ...(name !== undefined && { name }),
    ...(mcpName !== undefined && { mcp_name: mcpName }),
  }));

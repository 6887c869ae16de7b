import { type ConversationKind, scopeFor } from '../consent-scopes.js';
import type { LiteralPattern } from '../redact.js';
import { CONVERSATION_KINDS } from './kinds.js';
import type { Policy } from './policy-file.js';

/** Why a conversation is out of bounds: the company's policy, or the person's consent (and the scope to ask for). */
export type Refusal = { by: 'policy'; reason: 'channel' | 'kind' } | { by: 'consent'; scope: string };

/** What one caller may read under the policy in force and their consent. */
export interface Bounds {
  kinds: ReadonlySet<ConversationKind>;
  /** A deny rule or a kind left out: answers' lists are looked at. */
  filters: boolean;
  /** Only one of public and private is allowed: a channel's privacy must be known. */
  needsPrivacy: boolean;
  /** Channel names are denied by pattern: a channel's name must be known. */
  needsName: boolean;
  /** Redaction runs (a policy is set). */
  redacts: boolean;
  terms: readonly LiteralPattern[];
  /** Names the policy version and kinds: one governed answer per cached body and key. */
  key: string;
  refusal: (where: { id?: string; name?: string | null; kind?: ConversationKind }) => Refusal | undefined;
}

/** What bounds depend on of a caller (a read's caller has these). */
export interface BoundedCaller {
  apiClient?: { name: string; oauthClientId?: string };
  grantedKinds?: ReadonlySet<ConversationKind>;
}

/** Who the caller is to a policy's per-client rules: the OAuth client a person signed in with, else the API token's name. */
const clientOf = (caller: BoundedCaller) => caller.apiClient?.oauthClientId ?? caller.apiClient?.name;

const NO_POLICY = {};
/** Bounds are the same for every request of one client and grant under one policy: made once. */
const made = new WeakMap<Policy | typeof NO_POLICY, Map<string, Bounds>>();
const MAX_MADE = 10_000;

/** The caller's bounds; undefined when nothing bounds them (no policy, no consent limit). */
export function boundsOf(policy: Policy | undefined, caller: BoundedCaller): Bounds | undefined {
  const granted = caller.grantedKinds;
  const limited = granted !== undefined && CONVERSATION_KINDS.some((kind) => !granted.has(kind));
  if (!policy && !limited) return undefined;
  const client = clientOf(caller);
  const key = `${limited ? [...(granted ?? [])].join(',') : '*'}|${client ?? ''}`;
  let known = made.get(policy ?? NO_POLICY);
  if (!known) {
    known = new Map();
    made.set(policy ?? NO_POLICY, known);
  }
  let bounds = known.get(key);
  if (!bounds) {
    if (known.size >= MAX_MADE) known.clear();
    bounds = makeBounds(policy, limited ? granted : undefined, client);
    known.set(key, bounds);
  }
  return bounds;
}

function makeBounds(
  policy: Policy | undefined,
  granted: ReadonlySet<ConversationKind> | undefined,
  client: string | undefined,
): Bounds {
  const allowed =
    (client !== undefined ? policy?.kinds.clients.get(client) : undefined) ??
    policy?.kinds.everyone ??
    new Set(CONVERSATION_KINDS);
  const kinds = new Set(CONVERSATION_KINDS.filter((k) => allowed.has(k) && (granted?.has(k) ?? true)));
  const deniesChannels = (policy?.deniedIds.size ?? 0) + (policy?.deniedNames.length ?? 0) > 0;
  const refusal: Bounds['refusal'] = ({ id, name, kind }) => {
    if (id !== undefined && policy?.deniedIds.has(id)) return { by: 'policy', reason: 'channel' };
    if (name && policy?.deniedNames.some((p) => p.matches(name))) return { by: 'policy', reason: 'channel' };
    if (kind === undefined || kinds.has(kind)) return undefined;
    if (!allowed.has(kind)) return { by: 'policy', reason: 'kind' };
    return { by: 'consent', scope: scopeFor(kind) };
  };
  return {
    kinds,
    filters: deniesChannels || kinds.size < CONVERSATION_KINDS.length,
    needsPrivacy: kinds.has('public') !== kinds.has('private'),
    needsName: (policy?.deniedNames.length ?? 0) > 0,
    redacts: policy !== undefined,
    terms: policy?.terms ?? [],
    key: `${policy?.version ?? '-'}|${[...kinds].join(',')}`,
    refusal,
  };
}

/** The kinds of Slack conversation a read may reach: public and private channels, group DMs, DMs. */
export type ConversationKind = 'public' | 'private' | 'mpim' | 'im';

const PUBLIC: readonly ConversationKind[] = ['public'];
const PRIVATE: readonly ConversationKind[] = ['public', 'private', 'mpim'];
const EVERY: readonly ConversationKind[] = ['public', 'private', 'mpim', 'im'];

/**
 * Our OAuth scopes, each naming the kinds it lets a client read: each one the one before and more. `slack:read`
 * is the one scope of before, kept for the grants that hold it: everything.
 */
const KINDS_OF_SCOPE: Readonly<Record<string, readonly ConversationKind[]>> = {
  'slack:public': PUBLIC,
  'slack:private': PRIVATE,
  'slack:dm': EVERY,
  'slack:read': EVERY,
};

/** The kinds a set of granted scopes lets a client read (a scope we do not know adds none). */
export function kindsOfScopes(scopes: readonly string[]): ReadonlySet<ConversationKind> {
  return new Set(
    scopes.flatMap((scope) => (Object.hasOwn(KINDS_OF_SCOPE, scope) ? KINDS_OF_SCOPE[scope] : []) ?? []),
  );
}

/** The narrowest scope that lets a client read `kind`: what a refusal asks the client to ask for. */
export function scopeFor(kind: ConversationKind): string {
  if (kind === 'public') return 'slack:public';
  return kind === 'im' ? 'slack:dm' : 'slack:private';
}

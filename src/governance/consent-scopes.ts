/** The kinds of conversation a person may let a client read. */
export type ConversationKind = 'public' | 'private' | 'mpim' | 'im';

/** Each consent scope, with the kinds it lets a client read (`slack:read`, the scope before consent had levels: all). */
const KINDS_OF_SCOPE: Readonly<Record<string, readonly ConversationKind[]>> = {
  'slack:public': ['public'],
  'slack:private': ['public', 'private', 'mpim'],
  'slack:dm': ['public', 'private', 'mpim', 'im'],
  'slack:read': ['public', 'private', 'mpim', 'im'],
};

/** The kinds a set of granted scopes lets a client read (unknown scopes add none). */
export function kindsOfScopes(scopes: readonly string[]): ReadonlySet<ConversationKind> {
  const kinds = new Set<ConversationKind>();
  for (const scope of scopes)
    for (const kind of Object.hasOwn(KINDS_OF_SCOPE, scope) ? (KINDS_OF_SCOPE[scope] ?? []) : [])
      kinds.add(kind);
  return kinds;
}

/** The least scope that lets a client read a kind: what a scope challenge asks for. */
export function scopeFor(kind: ConversationKind): string {
  if (kind === 'public') return 'slack:public';
  return kind === 'im' ? 'slack:dm' : 'slack:private';
}

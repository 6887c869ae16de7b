/**
 * A tool call refused for a scope the person did not grant this client: over HTTP the whole /mcp request is
 * then answered 403 with the challenge (MCP authorization's scope challenge), not a tool error, so that the
 * client can ask the person for the scope and call again. Kept per caller (one /mcp request).
 */
const challenges = new WeakMap<object, Error>();

export function recordScopeChallenge(caller: object, err: Error): void {
  if ((err as { scopeChallenge?: string }).scopeChallenge) challenges.set(caller, err);
}

/** The challenge a call of this request raised, once. */
export function takeScopeChallenge(caller: object): Error | undefined {
  const err = challenges.get(caller);
  challenges.delete(caller);
  return err;
}

/**
 * A tool call refused for a scope the person did not grant this client: over HTTP the whole /mcp request is
 * then answered 403 with the challenge (MCP authorization's scope challenge), not a tool error, so that the
 * client can ask the person for the scope and call again. Kept per /mcp request, by the request's logger: every
copy of its caller shares it (each tool call's copy names the MCP client).
 */
const challenges = new WeakMap<object, Error>();

/** What identifies the request a caller acts for. */
interface RequestCaller {
  log: object;
}

export function recordScopeChallenge(caller: RequestCaller, err: Error): void {
  if ((err as { scopeChallenge?: string }).scopeChallenge) challenges.set(caller.log, err);
}

/** The challenge a call of this request raised, once. */
export function takeScopeChallenge(caller: RequestCaller): Error | undefined {
  const err = challenges.get(caller.log);
  challenges.delete(caller.log);
  return err;
}

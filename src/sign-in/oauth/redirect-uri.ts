const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a redirect URI may not be registered, or undefined when it may: https, or http on a loopback host
 * (native apps, RFC 8252 §7.3); no fragment; no credentials. Custom schemes are refused: they are how a
 * malicious local app intercepts codes.
 */
export function redirectUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value.slice(0, 100))} is not an absolute URL`;
  }
  if (value.length > 2000) return 'a redirect URI is longer than 2000 characters';
  if (url.hash || value.includes('#'))
    return `${url.origin}${url.pathname} has a fragment, which OAuth forbids`;
  if (url.username || url.password) return 'a redirect URI may not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `${url.protocol}//${url.host} is neither https nor http on a loopback host (localhost, 127.0.0.1, [::1])`;
}

/**
 * Whether `asked` is one of `registered`, exactly (RFC 9700: no pattern matching), except that a loopback
 * redirect may use any port (RFC 8252 §7.3: native apps listen on an ephemeral port).
 */
export function redirectUriMatches(asked: string, registered: readonly string[]): boolean {
  if (registered.includes(asked)) return true;
  let url: URL;
  try {
    url = new URL(asked);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return registered.some((r) => {
    const known = URL.canParse(r) ? new URL(r) : undefined;
    if (known?.protocol !== 'http:' || known.hostname !== url.hostname) return false;
    known.port = url.port;
    return known.href === url.href;
  });
}

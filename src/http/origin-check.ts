/**
 * DNS-rebinding protection for an endpoint browsers could reach (the MCP transport spec: servers MUST
 * validate Origin). A page on evil.example.com whose name now resolves to this server makes the browser send
 * `Origin: http://evil.example.com` and `Host: evil.example.com`; a loopback Origin it can never send.
 * The MCP SDK's own checks do not fit a Fastify route: its transport option is deprecated and answers a
 * JSON-RPC body, its `hostHeaderValidation` is Express middleware; the rules here are the same (host names
 * compared without port, loopback names by default on a loopback server), answered in our error shape.
 */

/** Host names of this machine: pages served from them are the user's own. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface OriginPolicy {
  /** Normalised origins (`scheme://host[:port]`, default port dropped) allowed besides loopback ones. */
  origins: ReadonlySet<string>;
  /** Host names (any port) allowed in `Host`; undefined = any. */
  hosts?: ReadonlySet<string>;
}

export type Refusal = { header: 'origin' | 'host'; value: string };

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const isLoopbackPage = (url: URL) =>
  (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname);

function originOf(value: string): string | undefined {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(`http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The policy from the settings. Without `allowedHosts`, a server bound to a loopback address answers only
 * loopback host names (what the MCP SDK's own Express app does); one bound elsewhere answers any host name,
 * since the names it is reached by are the operator's to list.
 */
export function originPolicy(
  allowedOrigins: string | undefined,
  allowedHosts: string | undefined,
  bindHost: string,
) {
  const origins = new Set<string>();
  for (const entry of list(allowedOrigins)) {
    const origin = originOf(entry);
    if (!origin)
      throw new Error(
        `Invalid configuration: MCP_ALLOWED_ORIGINS entry ${JSON.stringify(entry)} is not an origin (scheme://host[:port])`,
      );
    origins.add(origin);
  }
  const hostList = list(allowedHosts).map((entry) => {
    const name = hostnameOf(entry);
    if (!name || name !== entry.toLowerCase())
      throw new Error(
        `Invalid configuration: MCP_ALLOWED_HOSTS entry ${JSON.stringify(entry)} is not a host name (no scheme, no port)`,
      );
    return name;
  });
  const bindName = hostnameOf(
    bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost,
  );
  const hosts =
    hostList.length > 0 ? new Set(hostList) : bindName && LOOPBACK.has(bindName) ? LOOPBACK : undefined;
  return { origins, hosts } satisfies OriginPolicy;
}

/** The header a request must be refused for, or undefined. A request without `Origin` (not from a browser) passes. */
export function refusal(
  policy: OriginPolicy,
  origin: string | undefined,
  host: string | undefined,
): Refusal | undefined {
  if (policy.hosts) {
    const name = host === undefined ? undefined : hostnameOf(host);
    if (!name || !policy.hosts.has(name)) return { header: 'host', value: host ?? '' };
  }
  if (origin === undefined) return undefined;
  const normalised = originOf(origin);
  if (!normalised) return { header: 'origin', value: origin };
  if (policy.origins.has(normalised) || isLoopbackPage(new URL(normalised))) return undefined;
  return { header: 'origin', value: origin };
}

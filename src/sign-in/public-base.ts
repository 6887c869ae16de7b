import { sameResource } from './oauth/grants.js';
import { LOOPBACK, type SignInSettings } from './settings.js';

type Bases = Pick<SignInSettings, 'issuer' | 'mcpResource' | 'serviceResource' | 'slackRedirectUri'>;

/** The loopback origin a request's Host names, on PUBLIC_URL's scheme and port; undefined for any other host. */
function loopbackOrigin(issuer: URL, host: string | undefined): string | undefined {
  if (!LOOPBACK.has(issuer.hostname) || host === undefined) return undefined;
  let asked: URL;
  try {
    asked = new URL(`${issuer.protocol}//${host}`);
  } catch {
    return undefined;
  }
  return LOOPBACK.has(asked.hostname) && asked.port === issuer.port ? asked.origin : undefined;
}

/**
 * The public base a request is answered with. In production it is PUBLIC_URL, whatever host the request came
 * to. When PUBLIC_URL is a loopback URL (the demo, a laptop), a request to another loopback name of the same
 * port (`127.0.0.1` for `localhost`, `[::1]`) is answered as that name: its metadata, issuer, resources and
 * Slack redirect follow the name the client was given, so both names sign a client in.
 */
export function publicBase<S extends Bases>(settings: S, host: string | undefined): S {
  const origin = loopbackOrigin(new URL(settings.issuer), host);
  if (origin === undefined || origin === settings.issuer) return settings;
  const swap = (url: string) => `${origin}${url.slice(settings.issuer.length)}`;
  return {
    ...settings,
    issuer: origin,
    mcpResource: swap(settings.mcpResource),
    serviceResource: swap(settings.serviceResource),
    slackRedirectUri: swap(settings.slackRedirectUri),
  };
}

/** A token's resource is ours: /mcp or the service, under PUBLIC_URL or (loopback PUBLIC_URL) another loopback name. */
export function isOwnResource(settings: Bases, resource: string): boolean {
  if (!URL.canParse(resource)) return false;
  const base = publicBase(settings, new URL(resource).host);
  return sameResource(resource, base.mcpResource) || sameResource(resource, base.serviceResource);
}

/**
 * A request that came to another host name than PUBLIC_URL's (production: one name): the URL the client should use,
 * said in a 401's text. Undefined when the host is PUBLIC_URL's or a loopback name that publicBase answers.
 */
export function otherHostHint(settings: Bases, host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const issuer = new URL(settings.issuer);
  // Only another name says the client was given the wrong URL: a port of our own host is a replica reached
  // directly (behind the load balancer), which signs in as PUBLIC_URL's.
  const name = URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : host.toLowerCase();
  if (name === issuer.hostname || loopbackOrigin(issuer, host) !== undefined) return undefined;
  return `this server's address is ${settings.mcpResource} (PUBLIC_URL), not ${host.slice(0, 100)}: give your client that URL`;
}

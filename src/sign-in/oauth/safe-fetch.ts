import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Addresses a fetch on a client's behalf never reaches: loopback, private, link-local, shared, reserved. */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // IPv4-compatible (::a.b.c.d, with :: and ::1), NAT64, and 6to4 (2002::/16 embeds any IPv4 address).
  ['::', 96],
  ['64:ff9b::', 96],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** Whether a fetch for a client may connect to `address` (a public unicast address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList judges an IPv4-mapped IPv6 address (::ffff:10.0.0.1, ::ffff:a00:1) by the IPv4 ranges.
  return !FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface SafeFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** @default isPublicAddress (tests that serve on loopback pass their own) */
  addressAllowed?: (address: string) => boolean;
  /** Extra trusted CA certificates (PEM), for tests' own HTTPS servers. */
  ca?: string;
}

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
}

/** What a fetch brought back. */
export interface FetchedDocument {
  status: number;
  contentType: string;
  cacheControl: string;
  body: string;
}

/**
 * DNS for one fetch: every address the host has must be allowed, and the connection goes to one of them (the
 * ones checked), so no rebinding can slip another address in between the check and the connection.
 */
function checkedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !allowed(a.address));
      if (refused || list.length === 0)
        return callback(new SafeFetchError(`${hostname} resolves to an address that is not public`), '', 4);
      const first = list[0] as LookupAddress;
      if ((lookupOptions as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

/** The response's body, at most `maxBytes`: past that, the request is destroyed with a SafeFetchError. */
function receive(
  req: ClientRequest,
  res: IncomingMessage,
  maxBytes: number,
  settle: { resolve: (document: FetchedDocument) => void; reject: (err: Error) => void },
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) {
      req.destroy(new SafeFetchError(`the document is larger than ${maxBytes} bytes`));
      return;
    }
    chunks.push(chunk);
  });
  res.on('end', () =>
    settle.resolve({
      status: res.statusCode ?? 0,
      contentType: String(res.headers['content-type'] ?? ''),
      cacheControl: String(res.headers['cache-control'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    }),
  );
  res.on('error', settle.reject);
}

/** Why a fetch failed, in words for the person reading the refusal page (never a body). */
function failure(err: Error, timeoutMs: number): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  return new SafeFetchError(
    err.name === 'AbortError' || err.name === 'TimeoutError'
      ? `no answer within ${timeoutMs} ms`
      : `cannot be fetched (${(err as NodeJS.ErrnoException).code ?? err.message})`,
  );
}

/**
 * GET an https URL on behalf of a client, safely: only https; the host resolved once, every address it has
 * checked and the connection pinned to one that passed (no DNS rebinding between check and connect); no
 * redirects; at most `maxBytes` and `timeoutMs` in all.
 */
export function safeFetch(url: URL, options: SafeFetchOptions): Promise<FetchedDocument> {
  const allowed = options.addressAllowed ?? isPublicAddress;
  if (url.protocol !== 'https:') return Promise.reject(new SafeFetchError('only https URLs are fetched'));
  // Never credentials: a URL's user information would become an Authorization header.
  if (url.username || url.password)
    return Promise.reject(new SafeFetchError('a URL with user information is not fetched'));
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowed(host))
      return reject(new SafeFetchError(`${url.hostname} is not a public address`));
    const req = request(
      url,
      {
        method: 'GET',
        lookup: checkedLookup(allowed),
        ca: options.ca,
        headers: { accept: 'application/json', 'user-agent': 'agent-search' },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (res) => receive(req, res, options.maxBytes, { resolve, reject }),
    );
    req.on('error', (err) => reject(failure(err, options.timeoutMs)));
    req.end();
  });
}

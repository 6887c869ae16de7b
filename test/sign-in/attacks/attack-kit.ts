import { createHash, randomBytes } from 'node:crypto';
import { DEMO_USER_ID } from '../../../fake-slack/index.js';
import { HeadlessBrowser } from '../browser.js';
import { CLIENT_REDIRECT } from '../mcp-oauth-client.js';

// What the attack tests send, as an attacker (or an unlucky client) would: forms and registrations by HTTP,
// a person's browser as the headless browser.

export const form = (body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(body).toString(),
});

export const json = async (res: Response) => ({ status: res.status, body: await res.json() });

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** Registers a client; its id. */
export async function register(
  base: string,
  options: { redirectUris?: string[]; grantTypes?: string[]; name?: string } = {},
): Promise<string> {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: options.name ?? 'Attack test client',
      redirect_uris: options.redirectUris ?? [CLIENT_REDIRECT],
      grant_types: options.grantTypes ?? ['authorization_code', 'refresh_token'],
    }),
  });
  const body = (await res.json()) as { client_id?: string };
  if (!body.client_id) throw new Error(`registration refused: ${res.status} ${JSON.stringify(body)}`);
  return body.client_id;
}

export function authorizeUrl(
  base: string,
  clientId: string,
  params: Record<string, string | undefined> = {},
) {
  const url = new URL('/oauth/authorize', base);
  const all = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CLIENT_REDIRECT,
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    state: 'st',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** `user` signs in for `clientId` in `browser` (a new one by default); the code, its verifier, the browser. */
export async function codeFor(
  base: string,
  clientId: string,
  options: { user?: string; browser?: HeadlessBrowser; redirectUri?: string } = {},
) {
  const { verifier, challenge } = pkce();
  const browser = options.browser ?? new HeadlessBrowser({ user: options.user ?? DEMO_USER_ID });
  const redirectUri = options.redirectUri ?? CLIENT_REDIRECT;
  const start = authorizeUrl(base, clientId, { code_challenge: challenge, redirect_uri: redirectUri });
  const back = await browser.follow(start, redirectUri);
  return { code: back.searchParams.get('code') as string, verifier, browser };
}

/** POST /oauth/token with a form: status and body. */
export const token = (base: string, fields: Record<string, string>, headers?: Record<string, string>) =>
  fetch(`${base}/oauth/token`, form(fields, headers)).then(json);

/** A code exchanged for tokens by its client. */
export async function tokensFor(base: string, clientId: string, user?: string) {
  const { code, verifier, browser } = await codeFor(base, clientId, { user });
  const answer = await token(base, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: clientId,
  });
  if (answer.status !== 200) throw new Error(`exchange refused: ${JSON.stringify(answer.body)}`);
  return { code, verifier, browser, tokens: answer.body as Record<string, string> };
}

/** The status of a REST search as the bearer of `accessToken`. */
export const searchStatus = async (base: string, accessToken: string) =>
  (
    await fetch(`${base}/search/channels?query=launch`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).status;

import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { TestOAuthProvider } from './mcp-oauth-client.js';

/** Signs `user` in through the MCP SDK's auth() against a replica; the tokens it got. */
export async function signInWithSdk(
  base: string,
  user: string,
  name?: string,
): Promise<{ tokens: OAuthTokens; provider: TestOAuthProvider }> {
  const provider = new TestOAuthProvider(user, { name });
  const serverUrl = new URL('/mcp', base);
  if ((await auth(provider, { serverUrl })) !== 'REDIRECT') throw new Error('expected a redirect to sign in');
  if ((await auth(provider, { serverUrl, authorizationCode: provider.code() })) !== 'AUTHORIZED')
    throw new Error('the code was not exchanged');
  return { tokens: provider.saved as OAuthTokens, provider };
}

/** A REST search as the bearer of `token`: status, X-Cache and the body. */
export async function searchAs(base: string, token: string, query: string) {
  const res = await fetch(`${base}/search/messages?query=${encodeURIComponent(query)}&count=3`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    cache: res.headers.get('x-cache'),
    challenge: res.headers.get('www-authenticate'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

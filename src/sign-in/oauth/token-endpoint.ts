import type { OAuthTokens } from '@modelcontextprotocol/server';
import { withRetryAfter } from '../../errors.js';
import type { People } from '../people.js';
import type { RevokeForm, TokenForm } from '../requests.js';
import type { Approvals } from './approvals.js';
import { type Clients, isRefusal, mayRefresh, type OAuthClient } from './clients.js';
import { type Grant, type Grants, required } from './grants.js';
import {
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
  TooManyRequestsError,
  UnauthorizedClientError,
  UnsupportedGrantTypeError,
} from './oauth-errors.js';

/**
 * The client a request names: by `client_id` in the form or by HTTP Basic's user name, never both (RFC 6749
 * §2.3: one authentication method a request).
 */
function clientIdOf(form: { client_id?: string }, authorization: string | undefined): string {
  const basic = basicClientId(authorization);
  if (form.client_id !== undefined && basic !== undefined)
    throw new InvalidRequestError('the client is named twice (client_id and HTTP Basic): use one');
  const clientId = form.client_id ?? basic;
  if (!clientId) throw new InvalidRequestError('client_id is required');
  return clientId;
}

/** The client id of HTTP Basic client authentication, when a client sends it that way (no secret is issued). */
function basicClientId(authorization: string | undefined): string | undefined {
  const match = /^basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const name = decoded.slice(0, Math.max(0, decoded.indexOf(':'))) || decoded;
  try {
    return decodeURIComponent(name);
  } catch {
    // RFC 6749 §2.3.1: the user name is form-urlencoded; a broken escape names no client.
    throw new InvalidClientError('the client id in the Authorization header is not form-urlencoded');
  }
}

export interface TokenEndpointDeps {
  clients: Clients;
  grants: Grants;
  approvals: Approvals;
  people: People;
}

/**
 * The token endpoint (authorization_code with PKCE, refresh_token) and revocation (RFC 7009), for public
 * clients: a client is named by client_id (or HTTP Basic's user name) and proven by PKCE, never a secret.
 * Refusals are OAuth errors, which the routes answer in OAuth's shape.
 */
export class TokenEndpoint {
  constructor(private readonly deps: TokenEndpointDeps) {}

  /** POST /oauth/token: tokens for a code or a refresh token, while the person's sign-in lasts. */
  async issue(form: TokenForm, authorization: string | undefined, address: string): Promise<OAuthTokens> {
    const client = await this.#client(form, authorization, address);
    const issued = await this.#grant(form, client);
    const { people } = this.deps;
    const record = await people.read(issued.grant.personId);
    if (!record || record.epoch !== issued.grant.epoch)
      throw new InvalidGrantError('This sign-in has ended (signed out, or Slack revoked it): sign in again');
    await people.touch(issued.grant.personId);
    await this.deps.approvals.keep(issued.grant, issued.grant.clientId);
    return issued.tokens;
  }

  /**
   * POST /oauth/revoke (RFC 7009): the grant of that token, of the client asking, ends; the person's other
   * clients and their sign-in stay (signing out everywhere is the people's page's).
   */
  async revoke(form: RevokeForm, authorization: string | undefined, address: string): Promise<void> {
    const client = await this.#client(form, authorization, address);
    if (!form.token) throw new InvalidRequestError('token is required');
    await this.deps.grants.revoke(form.token, client.clientId);
  }

  /** The client a request names, or the OAuth error that says why not. */
  async #client(
    form: { client_id?: string },
    authorization: string | undefined,
    address: string,
  ): Promise<OAuthClient> {
    const client = await this.deps.clients.find(clientIdOf(form, authorization), address);
    if (typeof client === 'string') throw new InvalidClientError(client);
    if (isRefusal(client)) throw withRetryAfter(new TooManyRequestsError(client.message), client.retryAfterS);
    return client;
  }

  #grant(form: TokenForm, client: OAuthClient): Promise<{ tokens: OAuthTokens; grant: Grant }> {
    const { grants } = this.deps;
    const { clientId } = client;
    if (form.grant_type === 'authorization_code') {
      const { code, code_verifier } = required(form, 'code', 'code_verifier');
      const { redirect_uri: redirectUri, resource } = form;
      const withRefresh = mayRefresh(client);
      const { approvals } = this.deps;
      return grants.exchangeCode({
        code,
        clientId,
        redirectUri,
        verifier: code_verifier,
        resource,
        withRefresh,
        approved: async (grant) => (await approvals.find(grant, grant.clientId)) !== undefined,
      });
    }
    if (form.grant_type === 'refresh_token') {
      if (!mayRefresh(client))
        throw new UnauthorizedClientError('this client did not register the refresh_token grant');
      const { refresh_token } = required(form, 'refresh_token');
      const { resource, scope } = form;
      return grants.refresh({ refreshToken: refresh_token, clientId, resource, scope });
    }
    if (!form.grant_type) throw new InvalidRequestError('grant_type is required');
    throw new UnsupportedGrantTypeError('grant_type must be authorization_code or refresh_token');
  }
}

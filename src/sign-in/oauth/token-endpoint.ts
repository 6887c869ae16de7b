import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { People } from '../people.js';
import type { RevokeForm, TokenForm } from '../requests.js';
import type { Clients } from './clients.js';
import { type Grant, type Grants, required } from './grants.js';
import {
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
  UnsupportedGrantTypeError,
} from './oauth-errors.js';

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
  people: People;
  /** Ends a person's sign-in (revocation is sign-out). */
  signOut: (personId: string, epoch: string) => Promise<void>;
}

/**
 * The token endpoint (authorization_code with PKCE, refresh_token) and revocation (RFC 7009), for public
 * clients: a client is named by client_id (or HTTP Basic's user name) and proven by PKCE, never a secret.
 * Refusals are OAuth errors, which the routes answer in OAuth's shape.
 */
export class TokenEndpoint {
  constructor(private readonly deps: TokenEndpointDeps) {}

  /** POST /oauth/token: tokens for a code or a refresh token, while the person's sign-in lasts. */
  async issue(form: TokenForm, authorization: string | undefined): Promise<OAuthTokens> {
    const clientId = form.client_id ?? basicClientId(authorization);
    if (!clientId) throw new InvalidRequestError('client_id is required');
    const client = await this.deps.clients.find(clientId);
    if (typeof client === 'string') throw new InvalidClientError(client);
    const issued = await this.#grant(form, clientId);
    const { people } = this.deps;
    const record = await people.read(issued.grant.personId);
    if (!record || record.epoch !== issued.grant.epoch)
      throw new InvalidGrantError('This sign-in has ended (signed out, or Slack revoked it): sign in again');
    await people.touch(issued.grant.personId);
    return issued.tokens;
  }

  /** POST /oauth/revoke (RFC 7009): revoking any token of ours signs the person out, Slack token included. */
  async revoke(form: RevokeForm): Promise<void> {
    if (!form.token) throw new InvalidRequestError('token is required');
    const grant = await this.deps.grants.revoke(form.token);
    if (grant) await this.deps.signOut(grant.personId, grant.epoch);
  }

  #grant(form: TokenForm, clientId: string): Promise<{ tokens: OAuthTokens; grant: Grant }> {
    const { grants } = this.deps;
    if (form.grant_type === 'authorization_code') {
      const { code, code_verifier } = required(form, 'code', 'code_verifier');
      const { redirect_uri: redirectUri, resource } = form;
      return grants.exchangeCode({ code, clientId, redirectUri, verifier: code_verifier, resource });
    }
    if (form.grant_type === 'refresh_token') {
      const { refresh_token } = required(form, 'refresh_token');
      return grants.refresh({ refreshToken: refresh_token, clientId, resource: form.resource });
    }
    if (!form.grant_type) throw new InvalidRequestError('grant_type is required');
    throw new UnsupportedGrantTypeError('grant_type must be authorization_code or refresh_token');
  }
}

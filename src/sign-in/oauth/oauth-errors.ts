import {
  InvalidClientError,
  OAuthError,
  ServerError,
  TemporarilyUnavailableError,
  TooManyRequestsError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';

export {
  AccessDeniedError,
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  OAuthError,
  TooManyRequestsError,
  UnauthorizedClientError,
  UnsupportedGrantTypeError,
  UnsupportedResponseTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** RFC 7591's `invalid_redirect_uri` (the SDK has the code but no class for it). */
export class InvalidRedirectUriError extends OAuthError {
  static errorCode = 'invalid_redirect_uri';
}

/** The HTTP status of an OAuth error: 401 for client authentication (RFC 6749 §5.2), else 400. */
export function oauthStatus(err: OAuthError): number {
  if (err instanceof InvalidClientError) return 401;
  if (err instanceof TooManyRequestsError) return 429;
  if (err instanceof TemporarilyUnavailableError) return 503;
  if (err instanceof ServerError) return 500;
  return 400;
}

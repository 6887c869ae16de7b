/**
 * OAuth's errors (RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707, RFC 6749 §3.3's invalid_scope, RFC 6585's 429): each a class naming
 * its `error` code, answered as `{ error, error_description }`.
 */
export class OAuthError extends Error {
  static errorCode = 'server_error';

  /** The `error` of the answer. */
  get errorCode(): string {
    return (this.constructor as typeof OAuthError).errorCode;
  }

  toResponseObject(): { error: string; error_description: string } {
    return { error: this.errorCode, error_description: this.message };
  }
}

const oauthError = (code: string) =>
  class extends OAuthError {
    static override errorCode = code;
  };

export class InvalidRequestError extends oauthError('invalid_request') {}
export class InvalidClientError extends oauthError('invalid_client') {}
export class InvalidGrantError extends oauthError('invalid_grant') {}
export class UnauthorizedClientError extends oauthError('unauthorized_client') {}
export class UnsupportedGrantTypeError extends oauthError('unsupported_grant_type') {}
export class UnsupportedResponseTypeError extends oauthError('unsupported_response_type') {}
export class AccessDeniedError extends oauthError('access_denied') {}
export class InvalidTargetError extends oauthError('invalid_target') {}
export class InvalidScopeError extends oauthError('invalid_scope') {}
export class InvalidClientMetadataError extends oauthError('invalid_client_metadata') {}
export class InvalidRedirectUriError extends oauthError('invalid_redirect_uri') {}
export class TooManyRequestsError extends oauthError('too_many_requests') {}

/** The HTTP status of an OAuth error: 401 for client authentication (RFC 6749 §5.2), 429 past a limit, else 400. */
export function oauthStatus(err: OAuthError): number {
  if (err instanceof InvalidClientError) return 401;
  if (err instanceof TooManyRequestsError) return 429;
  return 400;
}

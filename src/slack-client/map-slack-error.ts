import type { ErrorCode as SdkCode } from '@slack/web-api';
import { Errors, type RetryableError } from '../errors.js';
import { gridRestriction } from './grid-restriction.js';

const AUTH = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'account_inactive', 'token_expired']);
const NOT_FOUND = new Set([
  'channel_not_found',
  'thread_not_found',
  'message_not_found',
  'user_not_found',
  'file_not_found',
  'file_deleted',
]);
/** Slack refusing this user what they asked for: theirs to fix, and never answered from a cached copy. */
const ACCESS_DENIED = new Set(['access_denied', 'no_permission', 'ekm_access_denied']);
const BAD_REQUEST = new Set([
  'invalid_cursor',
  'invalid_ts_latest',
  'invalid_ts_oldest',
  'invalid_arguments',
  'no_query',
  'invalid_limit',
]);

// Slack's error codes and scope lists are short snake_case words. Anything else in their place (the SDK
// puts a whole non-JSON body, e.g. a proxy's HTML page, in `error`) is not echoed to the caller.
const SLACK_CODE = /^[a-z0-9_]{1,64}$/;
const SCOPES = /^[a-z0-9_.:,]{1,200}$/;

// The SDK's error codes as values without loading the SDK (it loads with the first Slack call); the
// types hold each to the SDK's own enum.
const ErrorCode: { [K in keyof typeof SdkCode]: `${(typeof SdkCode)[K]}` } = {
  RequestError: 'slack_webapi_request_error',
  HTTPError: 'slack_webapi_http_error',
  PlatformError: 'slack_webapi_platform_error',
  RateLimitedError: 'slack_webapi_rate_limited_error',
  FileUploadInvalidArgumentsError: 'slack_webapi_file_upload_invalid_args_error',
  FileUploadReadFileDataError: 'slack_webapi_file_upload_read_file_data_error',
};

interface SdkError extends Error {
  code?: string;
  data?: { error?: string; needed?: string };
  retryAfter?: number;
  statusCode?: number;
}

/** Seconds to wait when the error is a Slack rate limit, otherwise undefined. */
export function retryAfterOf(err: unknown, defaultSeconds: number): number | undefined {
  const e = err as SdkError;
  if (e?.code === ErrorCode.RateLimitedError) return Math.max(0, e.retryAfter ?? defaultSeconds);
  if (e?.code === ErrorCode.PlatformError && e.data?.error === 'ratelimited') return defaultSeconds;
  // The SDK throws a plain Error for a 429 whose Retry-After is missing or not a number.
  if (e instanceof Error && !e.code && e.message.startsWith('Retry header did not contain'))
    return defaultSeconds;
  return undefined;
}

/** Slack's own error code (`invalid_cursor`…) behind one of our mapped errors, when Slack sent one. */
export const slackCodeOf = (err: unknown): string | undefined => (err as { slackError?: string })?.slackError;

/** Slack's error code in what the SDK threw, as Slack sent it (not yet checked). */
export const platformCodeOf = (err: unknown): string | undefined => (err as SdkError)?.data?.error;

/**
 * Turns whatever the Slack SDK threw into one of our HTTP errors, keeping Slack's code as `slackError`.
 * `owner`: the token's workspace or organisation id, when known (named by Enterprise Grid's refusals).
 */
export function mapSlackError(err: unknown, method: string, callerToken: boolean, owner?: string): Error {
  const e = err as SdkError;
  if (e instanceof Error && e.code?.startsWith('AS_ERR_')) return e;
  const code = e?.data?.error;
  const mapped = mapCode(e, code, method, callerToken, owner);
  return code && SLACK_CODE.test(code) ? Object.assign(mapped, { slackError: code }) : mapped;
}

function mapCode(
  e: SdkError,
  code: string | undefined,
  method: string,
  callerToken: boolean,
  owner?: string,
): Error {
  if (e?.code === ErrorCode.PlatformError && code && SLACK_CODE.test(code)) {
    const grid = gridRestriction(code, method, owner);
    if (grid) return new Errors.SlackGridRestricted(grid);
    if (AUTH.has(code))
      return callerToken ? new Errors.SlackCallerAuth(code) : new Errors.SlackServiceAuth(code);
    if (code === 'missing_scope')
      return new Errors.SlackMissingScope(
        SCOPES.test(e.data?.needed ?? '') ? e.data?.needed : 'required by this method',
      );
    if (code === 'not_allowed_token_type') return new Errors.SlackTokenType(method);
    if (NOT_FOUND.has(code)) return new Errors.SlackNotFound(code);
    if (ACCESS_DENIED.has(code)) return new Errors.SlackAccessDenied(code);
    if (BAD_REQUEST.has(code)) return new Errors.SlackBadRequest(code);
    return new Errors.SlackUnavailable(`${method} answered ${code}`);
  }
  if (e?.code === ErrorCode.HTTPError)
    return new Errors.SlackUnavailable(`${method} answered HTTP ${e.statusCode}`);
  if (e?.code === ErrorCode.RequestError)
    return new Errors.SlackUnavailable(`${method} could not be reached`);
  // The SDK itself chokes on some JSON bodies of the wrong shape (`response_metadata: ""`).
  if (e instanceof TypeError)
    return new Errors.SlackUnreadableBody(method, 'its Slack client could not read it');
  return new Errors.SlackUnavailable(`${method} gave an unreadable answer`);
}

export function isAuthError(err: unknown): boolean {
  const code = (err as SdkError)?.code;
  return code === 'AS_ERR_SLACK_AUTH' || code === 'AS_ERR_SLACK_SERVICE_AUTH';
}

/** Failures after which a stale cache entry is better than an error. */
export function isUpstreamFailure(err: unknown): boolean {
  const status = (err as RetryableError & { statusCode?: number })?.statusCode;
  return status === 429 || status === 502 || status === 504;
}

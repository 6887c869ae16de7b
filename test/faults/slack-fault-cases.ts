import type { Fault } from '../../fake-slack/index.js';
import { TEAM_ID } from '../fixtures/tiny-workspace.js';
import { errorBody } from '../helper.js';
import { DEFAULT_RETRY_AFTER_S, FAULT_DEADLINE_MS, type Route } from './run-fault-case.js';

const METHOD_OF: Record<Route, string> = { search: 'search.messages', thread: 'conversations.replies' };

export interface Expected {
  status: number;
  code?: string;
  message?: string;
  retryAfter?: string;
}

export interface FaultCase {
  name: string;
  fault: Fault;
  expected: Expected;
  /** Send the caller's own X-Slack-Token (auth failures are then the caller's). */
  callerToken?: boolean;
}

/** The whole error body a caller gets. */
export const expectedBody = ({ status, code, message }: Expected) =>
  errorBody(status, code ?? '', message ?? '');

const AUTH_CODES = ['invalid_auth', 'not_authed', 'token_revoked', 'account_inactive', 'token_expired'];
const NOT_FOUND_CODES = ['channel_not_found', 'thread_not_found', 'message_not_found', 'user_not_found'];
const BAD_REQUEST_CODES = [
  'invalid_cursor',
  'invalid_ts_latest',
  'invalid_ts_oldest',
  'invalid_arguments',
  'no_query',
  'invalid_limit',
];
const UNMAPPED_CODES = ['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout'];

/** Every upstream fault and every Slack error code we map, with what the caller must get, per method. */
export function faultCases(route: Route): FaultCase[] {
  const method = METHOD_OF[route];
  const scope = route === 'search' ? 'search:read' : 'channels:history';
  const unavailable = (detail: string): Expected => ({
    status: 502,
    code: 'AS_ERR_SLACK_UNAVAILABLE',
    message: `Slack is unavailable: ${method} ${detail}`,
  });
  const limited = (seconds: number): Expected => ({
    status: 429,
    code: 'AS_ERR_SLACK_RATE_LIMITED',
    message: `Slack rate limit for ${method}: retry after ${seconds} s`,
    retryAfter: String(seconds),
  });
  const grid = (message: string): Expected => ({
    status: 403,
    code: 'AS_ERR_SLACK_GRID_RESTRICTED',
    message,
  });
  const error = (code: string, extra?: Record<string, unknown>): Fault => ({
    method,
    kind: 'error',
    error: code,
    extra,
  });
  return [
    {
      name: '429 with Retry-After past the deadline',
      fault: { method, kind: 'ratelimit', retryAfter: 30 },
      expected: limited(30),
    },
    {
      name: '429 without Retry-After',
      fault: { method, kind: 'ratelimit', retryAfter: null },
      expected: limited(DEFAULT_RETRY_AFTER_S),
    },
    {
      // A wait has a 1 s floor (Retry-After: 0 must not spin), which is past this suite's 1 s deadline.
      name: '429 with Retry-After: 0 (the 1 s floor passes the deadline)',
      fault: { method, kind: 'ratelimit', retryAfter: 0 },
      expected: limited(1),
    },
    {
      name: 'ok:false ratelimited (HTTP 200)',
      fault: error('ratelimited'),
      expected: limited(DEFAULT_RETRY_AFTER_S),
    },
    {
      name: 'HTTP 500',
      fault: { method, kind: 'http', status: 500, times: 2 },
      expected: unavailable('answered HTTP 500'),
    },
    {
      name: 'HTTP 503',
      fault: { method, kind: 'http', status: 503, times: 2 },
      expected: unavailable('answered HTTP 503'),
    },
    {
      name: 'HTTP 500 once (SDK retry succeeds)',
      fault: { method, kind: 'http', status: 500 },
      expected: { status: 200 },
    },
    {
      name: 'connection reset',
      fault: { method, kind: 'reset', times: 2 },
      expected: unavailable('could not be reached'),
    },
    {
      name: 'non-JSON body',
      fault: { method, kind: 'non_json', times: 2 },
      expected: unavailable('gave an unreadable answer'),
    },
    {
      name: 'slower than the deadline',
      fault: { method, kind: 'delay', ms: FAULT_DEADLINE_MS * 2 },
      expected: {
        status: 504,
        code: 'AS_ERR_DEADLINE',
        message: `The request did not finish within ${FAULT_DEADLINE_MS} ms`,
      },
    },
    {
      name: 'slow but within the deadline',
      fault: { method, kind: 'delay', ms: FAULT_DEADLINE_MS / 2 },
      expected: { status: 200 },
    },
    ...AUTH_CODES.flatMap((code): FaultCase[] => [
      {
        name: `ok:false ${code} (service token)`,
        fault: error(code),
        expected: {
          status: 502,
          code: 'AS_ERR_SLACK_SERVICE_AUTH',
          message: `Slack rejected the service's own Slack token: ${code}`,
        },
      },
      {
        name: `ok:false ${code} (caller token)`,
        fault: error(code),
        callerToken: true,
        expected: {
          status: 401,
          code: 'AS_ERR_SLACK_AUTH',
          message: `Slack rejected the X-Slack-Token: ${code}`,
        },
      },
    ]),
    {
      name: 'ok:false missing_scope',
      fault: error('missing_scope', { needed: scope, provided: 'users:read' }),
      expected: {
        status: 403,
        code: 'AS_ERR_SLACK_MISSING_SCOPE',
        message: `The Slack token lacks the scope ${scope}`,
      },
    },
    // Only search.messages refuses bot tokens; conversations.replies accepts them.
    ...(route === 'search'
      ? [
          {
            name: 'ok:false not_allowed_token_type',
            fault: error('not_allowed_token_type'),
            expected: {
              status: 400,
              code: 'AS_ERR_SLACK_TOKEN_TYPE',
              message: 'Slack search.messages needs a user token (xoxp-…); this token type is not allowed',
            },
          },
        ]
      : []),
    ...NOT_FOUND_CODES.map((code) => ({
      name: `ok:false ${code}`,
      fault: error(code),
      expected: { status: 404, code: 'AS_ERR_SLACK_NOT_FOUND', message: `Slack: ${code}` },
    })),
    ...BAD_REQUEST_CODES.map((code) => ({
      name: `ok:false ${code}`,
      fault: error(code),
      expected: {
        status: 400,
        code: 'AS_ERR_SLACK_BAD_REQUEST',
        message: `Slack refused the request: ${code}`,
      },
    })),
    {
      name: 'ok:false team_access_not_granted (Enterprise Grid)',
      fault: error('team_access_not_granted'),
      expected: grid(
        `Slack has not granted this token the workspace ${method} reads (team_access_not_granted; workspace ${TEAM_ID}): an admin of your Enterprise Grid organisation adds the app to that workspace, or read another one with the workspace parameter`,
      ),
    },
    {
      name: 'ok:false enterprise_is_restricted (Enterprise Grid)',
      fault: error('enterprise_is_restricted'),
      expected: grid(
        `Slack does not let ${method} be called with this organisation-level token (enterprise_is_restricted; workspace ${TEAM_ID}): use a user token (xoxp-…) of the app installed on the workspace you want to read, or ask an admin of the organisation whether the app is restricted`,
      ),
    },
    {
      // search.messages needs team_id with an org-wide token; conversations.replies takes none, so a missing
      // argument there is one this service failed to send.
      name: 'ok:false missing_argument',
      fault: error('missing_argument'),
      expected:
        route === 'search'
          ? grid(
              `Slack needs a workspace (team_id) for ${method} with an organisation-wide token (missing_argument; workspace ${TEAM_ID}): name one with the workspace parameter (its id or name)`,
            )
          : unavailable('answered missing_argument'),
    },
    {
      name: 'ok:false with 10 KB of prose as the error',
      fault: error(`<p>${'upstream trouble '.repeat(600)}</p>`),
      expected: unavailable('gave an unreadable answer'),
    },
    ...UNMAPPED_CODES.map((code) => ({
      name: `ok:false ${code} (unmapped)`,
      fault: error(code),
      expected: unavailable(`answered ${code}`),
    })),
  ];
}

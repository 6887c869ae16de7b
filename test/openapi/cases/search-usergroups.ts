import type { InjectOptions } from 'fastify';
import { DEMO_REVOKED_TOKEN } from '../../../fake-slack/index.js';
import { API_TOKEN } from '../../helper.js';
import type { CaseContext, ContractCase } from '../contract-cases.js';

// GET /search/usergroups, one case per documented status.

const bearer = { authorization: `Bearer ${API_TOKEN}` };
const get = (
  url = '/search/usergroups?query=oncall',
  headers: Record<string, string> = bearer,
): InjectOptions => ({
  method: 'GET',
  url,
  headers,
});
const op = 'searchUsergroups';

export const cases = ({ deadlineMs, scopedToken, overloaded, deadline }: CaseContext): ContractCase[] => [
  { op, status: 200, request: get() },
  {
    op,
    status: 400,
    request: get('/search/usergroups?max_members=-1'),
    error: ['FST_ERR_VALIDATION', 'querystring/max_members must be an integer from 0 to 1000'],
  },
  {
    op,
    status: 401,
    request: get(undefined, {}),
    error: ['AS_ERR_UNAUTHORIZED', 'Missing Authorization header: send Authorization: Bearer <token>'],
  },
  {
    op,
    status: 403,
    request: get(undefined, { authorization: `Bearer ${scopedToken}`, 'x-project-id': 'billing' }),
    error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  },
  {
    op,
    status: 429,
    request: get(),
    // The list is read in the background: auth.test's limit is the caller's (more than one, as a closed app's load may take one).
    fault: { method: 'auth.test', kind: 'ratelimit', retryAfter: 45, times: 3 },
    error: ['AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for auth.test: retry after 45 s'],
    retryAfter: '45',
  },
  {
    op,
    status: 502,
    config: { SLACK_USER_TOKEN: DEMO_REVOKED_TOKEN },
    request: get(),
    error: ['AS_ERR_SLACK_SERVICE_AUTH', "Slack rejected the service's own Slack token: token_revoked"],
  },
  {
    op,
    status: 503,
    config: { PRESSURE_MAX_HEAP_USED_BYTES: 1 },
    pressure: true,
    request: get(),
    error: overloaded,
  },
  {
    op,
    status: 504,
    request: get(),
    fault: { method: 'auth.test', kind: 'delay', ms: deadlineMs + 800 },
    error: deadline,
  },
];

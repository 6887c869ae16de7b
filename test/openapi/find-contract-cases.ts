import type { InjectOptions } from 'fastify';
import { DEMO_REVOKED_TOKEN, type Fault, PRICING_CANVAS, RUNBOOK_CANVAS } from '../../fake-slack/index.js';
import { API_TOKEN } from '../helper.js';

/** The file, channel and people reads, one case per documented status (contract-cases.ts runs them). */
type Case = {
  op: string;
  status: number;
  request: InjectOptions;
  config?: Record<string, unknown>;
  fault?: Fault;
  pressure?: boolean;
  error?: [code: string, message: string];
  retryAfter?: string;
};

const bearer = { authorization: `Bearer ${API_TOKEN}` };
const get = (url: string, headers: Record<string, string> = bearer): InjectOptions => ({
  method: 'GET',
  url,
  headers,
});
const MISSING = 'Missing Authorization header: send Authorization: Bearer <token>';

const READS: Array<{
  op: string;
  url: string;
  method: string;
  bad: [string, string];
  notFound?: [string, string];
}> = [
  {
    op: 'searchFiles',
    url: '/search/files?query=runbook',
    method: 'search.files',
    bad: ['/search/files?query=runbook&types=slides', ''],
  },
  {
    op: 'readFile',
    url: `/files/${RUNBOOK_CANVAS}`,
    method: 'files.info',
    bad: ['/files/runbook', ''],
    notFound: [
      `/files/${PRICING_CANVAS}`,
      `Slack: no file ${PRICING_CANVAS} that this Slack user can see (file_not_found)`,
    ],
  },
  {
    op: 'searchChannels',
    url: '/search/channels?query=incident',
    // Directory pages are paced in the background (a 429 there only slows the load): auth.test's is the caller's.
    method: 'auth.test',
    bad: ['/search/channels?query=incident&count=1000', ''],
  },
  { op: 'searchUsers', url: '/search/users?query=priya', method: 'auth.test', bad: ['/search/users', ''] },
];

export function findContractCases(
  deadlineMs: number,
  errors: { overloaded: [string, string]; deadline: [string, string] },
): Case[] {
  return READS.flatMap(({ op, url, method, bad, notFound }) => [
    { op, status: 200, request: get(url) },
    { op, status: 400, request: get(bad[0]) },
    { op, status: 401, request: get(url, {}), error: ['AS_ERR_UNAUTHORIZED', MISSING] as [string, string] },
    {
      op,
      status: 403,
      request: get(url, { authorization: 'Bearer contract-scoped-token-5e1d', 'x-project-id': 'billing' }),
      error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'] as [string, string],
    },
    ...(notFound
      ? [
          {
            op,
            status: 404,
            request: get(notFound[0]),
            error: ['AS_ERR_SLACK_NOT_FOUND', notFound[1]] as [string, string],
          },
        ]
      : []),
    {
      op,
      status: 429,
      request: get(url),
      // More than one: a stray call of an earlier case's closed app (a directory load it started) must not
      // take the only fault and leave this request a 200.
      fault: { method, kind: 'ratelimit', retryAfter: 45, times: 3 } as Fault,
      error: ['AS_ERR_SLACK_RATE_LIMITED', `Slack rate limit for ${method}: retry after 45 s`] as [
        string,
        string,
      ],
      retryAfter: '45',
    },
    {
      op,
      status: 502,
      config: { SLACK_USER_TOKEN: DEMO_REVOKED_TOKEN },
      request: get(url),
      error: ['AS_ERR_SLACK_SERVICE_AUTH', "Slack rejected the service's own Slack token: token_revoked"] as [
        string,
        string,
      ],
    },
    {
      op,
      status: 503,
      config: { PRESSURE_MAX_HEAP_USED_BYTES: 1 },
      pressure: true,
      request: get(url),
      error: errors.overloaded,
    },
    {
      op,
      status: 504,
      request: get(url),
      fault: { method: 'auth.test', kind: 'delay', ms: deadlineMs + 800 } as Fault,
      error: errors.deadline,
    },
  ]);
}

import { Type } from '@sinclair/typebox';
import { AuditQuery } from '../governance/audit/query.js';
import { AuditRecord } from '../governance/audit/record.js';
import { adminErrorResponses } from '../schemas/error.js';
import { jsonResponse } from '../schemas/response.js';

export const AuditPage = Type.Object(
  {
    records: Type.Array(AuditRecord, { description: 'Newest first' }),
    next_cursor: Type.Optional(
      Type.String({
        description:
          'The next page; absent at the end of the kept window. A narrow filter may give a short page with a cursor: follow it',
      }),
    ),
  },
  { additionalProperties: false },
);

const EXAMPLE = {
  records: [
    {
      time: '2026-03-05T14:41:02.117Z',
      request_id: '6f1c2a4e-0b7d-4c55-9a3e-2f4b1d8e9c01',
      who: { kind: 'person', id: 'T07ACMEDMO:U07MAYACHN', team_id: 'T07ACMEDMO', user_id: 'U07MAYACHN' },
      client: {
        via: 'mcp',
        id: 'https://client.example.com/mcp.json',
        name: 'Example Agent',
        mcp_name: 'example-agent',
      },
      read: 'search-messages',
      params: { query: 'deploy', count: 2, response_format: 'concise' },
      status: 'ok',
      http_status: 200,
      duration_ms: 48.2,
      returned: {
        counts: { messages: 2, channels: 1 },
        channels: ['C07ENGINRG'],
        messages: [{ channel: 'C07ENGINRG', ts: ['1772721625.344142', '1773907567.290812'] }],
        files: [],
        truncated: false,
      },
      backend: 'search.messages',
      slack_calls: 1,
      cache: 'MISS',
      policy: null,
    },
  ],
  next_cursor: 'a1.1772721662117.1',
};

export const adminAuditSchema = {
  tags: ['admin'],
  operationId: 'getAudit',
  summary: 'The audit of reads',
  description:
    'One record per read (REST, /mcp and the stdio bin of this deployment’s store), newest first: who, through which client, which read and its parameters, the ids of what came back (never a text), status, duration, Slack calls, cache, and what the policy removed. Filters combine; a page is at most 200 records, and at most 5000 records are examined per page (then a short page with next_cursor). Admins only: an API token whose access includes `admin`, or a signed-in person named in ADMIN_PEOPLE.',
  security: [{ bearerAuth: [] }],
  querystring: AuditQuery,
  response: {
    200: jsonResponse('A page of records', AuditPage, { page: { value: EXAMPLE } }),
    ...adminErrorResponses(400, 401, 403, 503),
  },
};

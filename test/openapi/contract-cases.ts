import { readdirSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  DEMO_LONG_THREAD,
  DEMO_NOSCOPE_TOKEN,
  DEMO_REVOKED_TOKEN,
  type Fault,
} from '../../fake-slack/index.js';
import type { Config } from '../../src/config.js';
import { API_TOKEN } from '../helper.js';
import { heavyCatalogBody } from '../support/heavy-catalog.js';
import { findContractCases } from './find-contract-cases.js';
import { signInContractCases } from './sign-in-contract-cases.js';

/** A bearer token limited to project `p1` (API_TOKENS_FILE), for the 403 of the project check. */
export const SCOPED_TOKEN = 'contract-scoped-token-5e1d';
/** A token whose access is `admin` only (contract.test.ts writes it to the tokens file). */
export const ADMIN_TOKEN = 'contract-admin-token-2f7a';
export const DEADLINE_MS = 1000;

/** One documented (operation, status), provoked for real: the harness checks the answer against the document. */
export interface ContractCase {
  op: string;
  status: number;
  request: InjectOptions;
  /** Builds the request from earlier steps instead (sign-in: cookies, CSRF tokens, codes). */
  prepare?: (app: FastifyInstance) => Promise<InjectOptions>;
  config?: Partial<Config>;
  fault?: Fault;
  /** Requests sent first (e.g. to use up a rate limit). */
  before?: InjectOptions[];
  /** Wait until under-pressure reports overload before sending. */
  pressure?: boolean;
  /** The whole error body; 2xx bodies are checked by the schema only. */
  error?: [code: string, message: string];
  retryAfter?: string;
}

const bearer = (token = API_TOKEN) => ({ authorization: `Bearer ${token}` });
const search = (query = 'deploy', headers: Record<string, string> = bearer()): InjectOptions => ({
  method: 'GET',
  url: `/search/messages?query=${query}`,
  headers,
});
const thread = (
  ts: string = DEMO_LONG_THREAD.ts,
  headers: Record<string, string> = bearer(),
): InjectOptions => ({
  method: 'GET',
  url: `/threads/${DEMO_LONG_THREAD.channel}/${ts}?limit=2`,
  headers,
});
const tools = (body: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/catalog/search',
  headers: { ...bearer(), 'content-type': 'application/json', ...headers },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});
const slackTool = {
  toolKey: 'a1',
  toolName: 'send_message',
  serverName: 'Slack',
  description: 'Post a message',
};
const catalog = tools({ query: ['send', 'slack', 'message'], tools: [slackTool] });
const MCP_ACCEPT = 'application/json, text/event-stream';
const mcp = (
  body: unknown,
  headers: Record<string, string> = bearer(),
  accept = MCP_ACCEPT,
): InjectOptions => ({
  method: 'POST',
  url: '/mcp',
  headers: { 'content-type': 'application/json', accept, ...headers },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});
const listTools = mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const MCP_NOT_OFFERED = (method: string) =>
  `${method} /mcp is not offered: this MCP endpoint is stateless and answers POST only`;
const get = (url: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'GET',
  url,
  headers,
});

const ORIGIN_REFUSED =
  'Origin "http://evil.example.com" may not call /mcp: only pages from the origins in MCP_ALLOWED_ORIGINS (and loopback ones) may';
const MISSING = 'Missing Authorization header: send Authorization: Bearer <token>';
const limited = { RATE_LIMIT_MAX: 1 };
const pressure = { PRESSURE_MAX_HEAP_USED_BYTES: 1 };
const OVERLOADED: ContractCase['error'] = [
  'AS_ERR_OVERLOADED',
  'The service is overloaded: retry after 10 s',
];
const API_LIMITED: ContractCase['error'] = [
  'AS_ERR_RATE_LIMITED',
  'Rate limit of 1 requests per window exceeded for this token: retry after 60 s',
];

const history = (path = '/channels/C07INCIDNT/history?limit=2', headers: Record<string, string> = bearer()) =>
  get(path, headers);
const INCIDENT_LINK = encodeURIComponent(
  `https://acme-demo.slack.com/archives/${DEMO_LONG_THREAD.channel}/p${DEMO_LONG_THREAD.ts.replace('.', '')}`,
);
const context = (
  query = `url=${INCIDENT_LINK}&before=2&after=2`,
  headers: Record<string, string> = bearer(),
) => get(`/messages/context?${query}`, headers);
const DEADLINE: ContractCase['error'] = [
  'AS_ERR_DEADLINE',
  `The request did not finish within ${DEADLINE_MS} ms`,
];
const REVOKED: ContractCase['error'] = [
  'AS_ERR_SLACK_SERVICE_AUTH',
  "Slack rejected the service's own Slack token: token_revoked",
];
const FORBIDDEN = { ...bearer(SCOPED_TOKEN), 'x-project-id': 'billing' };
const HISTORY_LIMITED: ContractCase['error'] = [
  'AS_ERR_SLACK_RATE_LIMITED',
  'Slack rate limit for conversations.history: retry after 45 s',
];
const historyFault = (kind: 'ratelimit' | 'delay'): Fault =>
  kind === 'ratelimit'
    ? { method: 'conversations.history', kind, retryAfter: 45 }
    : { method: 'conversations.history', kind, ms: DEADLINE_MS + 800 };

/** The channel history and context reads, one case per documented status. */
const conversationCases: ContractCase[] = [
  { op: 'getChannelHistory', status: 200, request: history() },
  {
    op: 'getChannelHistory',
    status: 400,
    request: history('/channels/general/history'),
    error: ['FST_ERR_VALIDATION', 'params/channel must be an id like C0123ABCD, or #name (%23name in a URL)'],
  },
  {
    op: 'getChannelHistory',
    status: 401,
    request: history(undefined, {}),
    error: ['AS_ERR_UNAUTHORIZED', MISSING],
  },
  {
    op: 'getChannelHistory',
    status: 403,
    request: history(undefined, FORBIDDEN),
    error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  },
  {
    op: 'getChannelHistory',
    status: 404,
    request: history('/channels/%23nowhere/history'),
    error: ['AS_ERR_SLACK_NOT_FOUND', 'Slack: no channel named #nowhere that this Slack token can see'],
  },
  {
    op: 'getChannelHistory',
    status: 429,
    request: history(),
    fault: historyFault('ratelimit'),
    error: HISTORY_LIMITED,
    retryAfter: '45',
  },
  {
    op: 'getChannelHistory',
    status: 502,
    config: { SLACK_USER_TOKEN: DEMO_REVOKED_TOKEN },
    request: history(),
    error: REVOKED,
  },
  {
    op: 'getChannelHistory',
    status: 503,
    config: pressure,
    pressure: true,
    request: history(),
    error: OVERLOADED,
  },
  { op: 'getChannelHistory', status: 504, request: history(), fault: historyFault('delay'), error: DEADLINE },

  { op: 'getMessageContext', status: 200, request: context() },
  {
    op: 'getMessageContext',
    status: 400,
    request: context(`url=${INCIDENT_LINK.replace('acme-demo', 'other')}`),
    error: [
      'AS_ERR_WORKSPACE_MISMATCH',
      'The link is to other.slack.com, but the Slack token is for acme-demo.slack.com: use a token of that workspace',
    ],
  },
  {
    op: 'getMessageContext',
    status: 401,
    request: context(undefined, {}),
    error: ['AS_ERR_UNAUTHORIZED', MISSING],
  },
  {
    op: 'getMessageContext',
    status: 403,
    request: context(undefined, FORBIDDEN),
    error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  },
  {
    op: 'getMessageContext',
    status: 404,
    request: context(`channel=${DEMO_LONG_THREAD.channel}&ts=1773133920.999999`),
    error: ['AS_ERR_SLACK_NOT_FOUND', 'Slack: message_not_found'],
  },
  {
    op: 'getMessageContext',
    status: 429,
    request: context(),
    fault: historyFault('ratelimit'),
    error: HISTORY_LIMITED,
    retryAfter: '45',
  },
  {
    op: 'getMessageContext',
    status: 502,
    config: { SLACK_USER_TOKEN: DEMO_REVOKED_TOKEN },
    request: context(),
    error: REVOKED,
  },
  {
    op: 'getMessageContext',
    status: 503,
    config: pressure,
    pressure: true,
    request: context(),
    error: OVERLOADED,
  },
  { op: 'getMessageContext', status: 504, request: context(), fault: historyFault('delay'), error: DEADLINE },
];

export const contractCases: ContractCase[] = [
  { op: 'searchMessages', status: 200, request: search() },
  {
    op: 'searchMessages',
    status: 400,
    request: search('x&count=0'),
    error: ['FST_ERR_VALIDATION', 'querystring/count must be an integer from 1 to 100'],
  },
  { op: 'searchMessages', status: 401, request: search('x', {}), error: ['AS_ERR_UNAUTHORIZED', MISSING] },
  {
    op: 'searchMessages',
    status: 403,
    request: search('x', { ...bearer(), 'x-slack-token': DEMO_NOSCOPE_TOKEN }),
    error: ['AS_ERR_SLACK_MISSING_SCOPE', 'The Slack token lacks the scope search:read'],
  },
  {
    op: 'searchMessages',
    status: 404,
    request: search(),
    fault: { method: 'search.messages', kind: 'error', error: 'channel_not_found' },
    error: ['AS_ERR_SLACK_NOT_FOUND', 'Slack: channel_not_found'],
  },
  {
    op: 'searchMessages',
    status: 429,
    request: search(),
    fault: { method: 'search.messages', kind: 'ratelimit', retryAfter: 30 },
    error: ['AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for search.messages: retry after 30 s'],
    retryAfter: '30',
  },
  {
    op: 'searchMessages',
    status: 429,
    config: limited,
    before: [search()],
    request: search(),
    error: API_LIMITED,
    retryAfter: '60',
  },
  {
    op: 'searchMessages',
    status: 502,
    request: search(),
    fault: { method: 'search.messages', kind: 'http', status: 503, times: 3 },
    error: ['AS_ERR_SLACK_UNAVAILABLE', 'Slack is unavailable: search.messages answered HTTP 503'],
  },
  {
    op: 'searchMessages',
    status: 503,
    config: pressure,
    pressure: true,
    request: search(),
    error: OVERLOADED,
  },
  {
    op: 'searchMessages',
    status: 504,
    request: search(),
    fault: { method: 'search.messages', kind: 'delay', ms: DEADLINE_MS + 800 },
    error: ['AS_ERR_DEADLINE', `The request did not finish within ${DEADLINE_MS} ms`],
  },

  { op: 'getThread', status: 200, request: thread() },
  {
    op: 'getThread',
    status: 400,
    request: get('/threads/general/1773133920.004100', bearer()),
    error: ['FST_ERR_VALIDATION', 'params/channel must be a conversation id like C0123ABCD'],
  },
  {
    op: 'getThread',
    status: 401,
    request: thread(undefined, bearer('wrong')),
    error: ['AS_ERR_UNAUTHORIZED', 'Invalid bearer token'],
  },
  {
    op: 'getThread',
    status: 403,
    request: thread(undefined, { ...bearer(SCOPED_TOKEN), 'x-project-id': 'billing' }),
    error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  },
  {
    op: 'getThread',
    status: 404,
    request: thread('1773133920.999999'),
    error: ['AS_ERR_SLACK_NOT_FOUND', 'Slack: thread_not_found'],
  },
  {
    op: 'getThread',
    status: 429,
    request: thread(),
    fault: { method: 'conversations.replies', kind: 'ratelimit', retryAfter: 45 },
    error: ['AS_ERR_SLACK_RATE_LIMITED', 'Slack rate limit for conversations.replies: retry after 45 s'],
    retryAfter: '45',
  },
  {
    op: 'getThread',
    status: 502,
    config: { SLACK_USER_TOKEN: DEMO_REVOKED_TOKEN },
    request: thread(),
    error: ['AS_ERR_SLACK_SERVICE_AUTH', "Slack rejected the service's own Slack token: token_revoked"],
  },
  { op: 'getThread', status: 503, config: pressure, pressure: true, request: thread(), error: OVERLOADED },
  {
    op: 'getThread',
    status: 504,
    request: thread(),
    fault: { method: 'conversations.replies', kind: 'delay', ms: DEADLINE_MS + 800 },
    error: ['AS_ERR_DEADLINE', `The request did not finish within ${DEADLINE_MS} ms`],
  },

  // The first catalog search starts the ranking thread: on a loaded machine that alone can take a second.
  { op: 'searchTools', status: 200, config: { REQUEST_DEADLINE_MS: 10_000 }, request: catalog },
  {
    op: 'searchTools',
    status: 400,
    request: tools({ query: ['send'], tools: [slackTool, slackTool] }),
    error: ['AS_ERR_BAD_REQUEST', 'body/tools/1/toolKey "a1" duplicates body/tools/0/toolKey'],
  },
  {
    op: 'searchTools',
    status: 401,
    request: { ...catalog, headers: { 'content-type': 'application/json' } },
    error: ['AS_ERR_UNAUTHORIZED', MISSING],
  },
  {
    op: 'searchTools',
    status: 403,
    request: tools({ query: ['send'], tools: [] }, { ...bearer(SCOPED_TOKEN), 'x-mcpr-project': 'billing' }),
    error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  },
  {
    op: 'searchTools',
    status: 413,
    request: tools({ query: ['send'], context: 'x'.repeat(9 * 1024 * 1024), tools: [] }),
    error: ['FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'],
  },
  {
    op: 'searchTools',
    status: 415,
    request: tools('<query>send</query>', { 'content-type': 'application/xml' }),
    error: ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type: send Content-Type: application/json'],
  },
  {
    op: 'searchTools',
    status: 429,
    config: limited,
    // Uses up the limit without waiting for a ranking thread to start, so Retry-After is still 60.
    before: [tools({ query: ['send'], tools: [] })],
    request: catalog,
    error: API_LIMITED,
    retryAfter: '60',
  },
  {
    op: 'searchTools',
    status: 504,
    config: { REQUEST_DEADLINE_MS: 100 },
    request: tools(heavyCatalogBody()),
    error: ['AS_ERR_DEADLINE', 'The request did not finish within 100 ms'],
  },
  { op: 'searchTools', status: 503, config: pressure, pressure: true, request: catalog, error: OVERLOADED },

  { op: 'mcp', status: 200, request: listTools },
  { op: 'mcp', status: 202, request: mcp({ jsonrpc: '2.0', method: 'notifications/initialized' }) },
  {
    op: 'mcp',
    status: 404,
    request: mcp(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'contract', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { ...bearer(), 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'initialize' },
    ),
  },
  {
    op: 'mcp',
    status: 400,
    request: mcp(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${'['.repeat(70)}${']'.repeat(70)}}}`,
    ),
    error: ['AS_ERR_BODY_TOO_DEEP', 'The body nests objects and arrays deeper than 64 levels, the limit'],
  },
  {
    op: 'mcp',
    status: 401,
    request: mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}),
    error: ['AS_ERR_UNAUTHORIZED', MISSING],
  },
  {
    op: 'mcp',
    status: 403,
    request: mcp(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { ...bearer(SCOPED_TOKEN), 'x-project-id': 'billing' },
    ),
    error: ['AS_ERR_PROJECT_FORBIDDEN', 'This token may not search project "billing"'],
  },
  {
    op: 'mcp',
    status: 406,
    request: mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, bearer(), 'application/json'),
    error: [
      'AS_ERR_NOT_ACCEPTABLE',
      'Send Accept: application/json, text/event-stream (an MCP client accepts both)',
    ],
  },
  {
    op: 'mcp',
    status: 413,
    request: mcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { pad: 'x'.repeat(9 * 1024 * 1024) },
    }),
    error: ['FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'],
  },
  {
    op: 'mcp',
    status: 415,
    request: { ...listTools, headers: { ...listTools.headers, 'content-type': 'application/xml' } },
    error: ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type: send Content-Type: application/json'],
  },
  {
    op: 'mcp',
    status: 429,
    config: limited,
    before: [listTools],
    request: listTools,
    error: API_LIMITED,
    retryAfter: '60',
  },
  { op: 'mcp', status: 503, config: pressure, pressure: true, request: listTools, error: OVERLOADED },
  {
    op: 'mcp',
    status: 403,
    request: mcp(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { ...bearer(), origin: 'http://evil.example.com' },
    ),
    error: ['AS_ERR_ORIGIN_FORBIDDEN', ORIGIN_REFUSED],
  },
  {
    op: 'mcp',
    status: 403,
    config: { MCP_ALLOWED_HOSTS: 'search.example.com' },
    request: mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...bearer(), host: 'evil.example.com' }),
    error: [
      'AS_ERR_HOST_FORBIDDEN',
      'Host "evil.example.com" is not a name of this server: /mcp answers only the host names in MCP_ALLOWED_HOSTS',
    ],
  },
  { op: 'mcpGet', status: 401, request: get('/mcp'), error: ['AS_ERR_UNAUTHORIZED', MISSING] },
  {
    op: 'mcpGet',
    status: 403,
    request: get('/mcp', { origin: 'http://evil.example.com' }),
    error: ['AS_ERR_ORIGIN_FORBIDDEN', ORIGIN_REFUSED],
  },
  {
    op: 'mcpDelete',
    status: 403,
    request: { method: 'DELETE', url: '/mcp', headers: { origin: 'http://evil.example.com' } },
    error: ['AS_ERR_ORIGIN_FORBIDDEN', ORIGIN_REFUSED],
  },
  {
    op: 'mcpGet',
    status: 405,
    request: get('/mcp', bearer()),
    error: ['AS_ERR_METHOD_NOT_ALLOWED', MCP_NOT_OFFERED('GET')],
  },
  {
    op: 'mcpDelete',
    status: 401,
    request: { method: 'DELETE', url: '/mcp' },
    error: ['AS_ERR_UNAUTHORIZED', MISSING],
  },
  {
    op: 'mcpDelete',
    status: 405,
    request: { method: 'DELETE', url: '/mcp', headers: bearer() },
    error: ['AS_ERR_METHOD_NOT_ALLOWED', MCP_NOT_OFFERED('DELETE')],
  },

  { op: 'getRoot', status: 200, request: get('/') },
  { op: 'getRoot', status: 503, config: pressure, pressure: true, request: get('/'), error: OVERLOADED },
  { op: 'getHealth', status: 200, request: get('/healthz') },
  { op: 'getReadiness', status: 200, request: get('/readyz') },
  {
    op: 'getReadiness',
    status: 503,
    config: pressure,
    pressure: true,
    request: get('/readyz'),
    error: OVERLOADED,
  },
  { op: 'getMetrics', status: 200, request: get('/metrics', bearer()) },
  { op: 'getMetrics', status: 401, request: get('/metrics'), error: ['AS_ERR_UNAUTHORIZED', MISSING] },
  { op: 'getAudit', status: 200, request: get('/admin/audit?limit=5', bearer(ADMIN_TOKEN)) },
  {
    op: 'getAudit',
    status: 400,
    request: get('/admin/audit?cursor=nope', bearer(ADMIN_TOKEN)),
    error: ['AS_ERR_BAD_REQUEST', 'cursor is not one this service gave: pass next_cursor as it came'],
  },
  { op: 'getAudit', status: 401, request: get('/admin/audit'), error: ['AS_ERR_UNAUTHORIZED', MISSING] },
  {
    op: 'getAudit',
    status: 403,
    request: get('/admin/audit', bearer()),
    error: [
      'AS_ERR_ADMIN_ONLY',
      'The audit is for admins only: the API token "api-token-1" has no admin access area (API_TOKENS_FILE "access")',
    ],
  },
  {
    op: 'getAudit',
    status: 503,
    pressure: true,
    config: pressure,
    request: get('/admin/audit', bearer(ADMIN_TOKEN)),
    error: OVERLOADED,
  },
  ...conversationCases,
  ...(findContractCases(DEADLINE_MS, {
    overloaded: OVERLOADED as [string, string],
    deadline: DEADLINE as [string, string],
  }) as ContractCase[]),
  ...signInContractCases(pressure, OVERLOADED as [string, string]),
  ...(await casesOfNewerReads()),
];

/** What a newer read's cases are made with: the deadline and scoped token this file sets up, the shared errors. */
export interface CaseContext {
  deadlineMs: number;
  scopedToken: string;
  overloaded: [code: string, message: string];
  deadline: [code: string, message: string];
}

/**
 * The cases of reads added since: one file each in `cases/`, exporting `cases(context)` (a new read's
 * operation is provoked from its own file, and `contract.test.ts` fails until each documented status is).
 * They take what they need from `context`, not from this module: it is still loading when they do.
 */
async function casesOfNewerReads(): Promise<ContractCase[]> {
  const dir = new URL('./cases/', import.meta.url);
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
  const modules = await Promise.all(
    files
      .sort()
      .map(
        (name) =>
          import(new URL(name, dir).href) as Promise<{ cases: (context: CaseContext) => ContractCase[] }>,
      ),
  );
  const context: CaseContext = {
    deadlineMs: DEADLINE_MS,
    scopedToken: SCOPED_TOKEN,
    overloaded: OVERLOADED as [string, string],
    deadline: DEADLINE as [string, string],
  };
  return modules.flatMap((m) => m.cases(context));
}

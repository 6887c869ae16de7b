import { Type } from '@sinclair/typebox';
import { errorResponses } from '../schemas/error.js';
import { healthExample, readyExamples } from '../schemas/examples.js';
import { jsonResponse } from '../schemas/response.js';
import { StringEnum } from '../schemas/string-enum.js';

const Health = Type.Object({ status: Type.String() }, { additionalProperties: true });

const Readiness = Type.Object(
  {
    status: StringEnum(['ready', 'degraded'], {
      description: 'degraded = answering, but without the shared Redis or its writes (more calls to Slack)',
    }),
    cache: StringEnum(['memory', 'redis'], { description: 'Configured cache' }),
    redis: Type.Optional(
      StringEnum(['reachable', 'unreachable', 'writes-failing'], {
        description:
          'Only with REDIS_URL or REDIS_CLUSTER_NODES. writes-failing = Redis answers but refused the last write (MOVED, CROSSSLOT, OOM…), until a write succeeds',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Where a newcomer (or an agent) who opens the bare URL goes next. */
export const ROOT_LINKS = {
  name: 'agent-search',
  docs: '/docs',
  openapi: '/openapi.json',
  mcp: '/mcp',
  health: '/healthz',
};

const RootLinks = Type.Object(
  {
    name: Type.Literal(ROOT_LINKS.name),
    docs: Type.String({ description: 'Swagger UI: every route, tried from the browser' }),
    openapi: Type.String({ description: 'The OpenAPI document' }),
    mcp: Type.String({ description: 'The MCP endpoint (Streamable HTTP; needs a bearer token)' }),
    health: Type.String({ description: 'Liveness' }),
  },
  { additionalProperties: false },
);

export const rootSchema = {
  tags: ['operations'],
  operationId: 'getRoot',
  summary: 'Where to start',
  description: 'Links to the API docs (/docs), the OpenAPI document and the MCP endpoint. No authentication.',
  response: {
    200: jsonResponse('Links', RootLinks, { links: { value: ROOT_LINKS } }),
    ...errorResponses(503),
  },
};

export const healthSchema = {
  tags: ['operations'],
  operationId: 'getHealth',
  summary: 'Liveness',
  description: 'The process is up and serving requests. No authentication; never shed under load.',
  response: { 200: jsonResponse('The process is alive', Health, healthExample) },
};

export const readySchema = {
  tags: ['operations'],
  operationId: 'getReadiness',
  summary: 'Readiness',
  description:
    'Ready to serve. With REDIS_URL or REDIS_CLUSTER_NODES set and Redis down or hung (its circuit breaker open), ' +
    'or refusing writes, the status is ' +
    '`degraded` but still 200: requests are answered from an in-memory cache and by calling Slack ' +
    'directly (in-process coalescing only), and taking every ' +
    'replica out of rotation over a shared Redis outage would turn a degradation into an outage. ' +
    'Answers 503 while the replica sheds load. No authentication.',
  response: {
    200: jsonResponse('Ready, or degraded but serving', Readiness, readyExamples),
    ...errorResponses(503),
  },
};

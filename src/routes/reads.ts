import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { ReadDefinition } from '../reads/read-definition.js';
import { READS } from '../reads/reads.js';
import { readCaller } from './read-caller.js';
import { sendAnswer } from './send-json.js';
import { splitCommaLists } from './split-comma-lists.js';

/** What a read takes from the request: the POST body, or the query with the path's parameters. */
const paramsOf = (read: ReadDefinition, request: FastifyRequest) =>
  read.rest.method === 'POST'
    ? request.body
    : { ...(request.query as object), ...(request.params as object | undefined) };

/** A read's REST route, from its definition: schema and access area, then one call to the read. */
function readRoute(app: FastifyInstance, read: ReadDefinition): RouteOptions {
  const { rest } = read;
  return {
    method: rest.method,
    url: rest.path,
    schema: {
      tags: [read.area],
      operationId: rest.operationId,
      summary: rest.summary ?? read.title,
      description: rest.description,
      security: [{ bearerAuth: [] }],
      ...rest.schema,
    },
    onRequest: app.authenticate,
    ...(read.lists ? { preValidation: splitCommaLists(read.lists) } : {}),
    ...(rest.validatorCompiler ? { validatorCompiler: rest.validatorCompiler } : {}),
    handler: async (request, reply) => {
      const answer = await read.run(
        app.readServices,
        readCaller(app, request),
        paramsOf(read, request),
        'rest',
      );
      return sendAnswer(answer.cache ? reply.header('x-cache', answer.cache) : reply, answer);
    },
  };
}

/** Every read's REST route (`src/reads/reads.ts`). */
export default async function readRoutes(app: FastifyInstance) {
  for (const read of READS) app.route(readRoute(app, read));
}

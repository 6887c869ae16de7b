import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ReadDefinition, ReadSchema } from '../reads/read-definition.js';
import { READS } from '../reads/reads.js';
import { bindRead } from '../reads/registry.js';
import type { Services } from '../reads/services.js';
import { readCaller } from './read-caller.js';
import { sendAnswer } from './send-json.js';
import { splitCommaLists } from './split-comma-lists.js';

/**
 * A read's REST route, from its definition: schema and access area, then one call to the read with its
 * parameters as the type provider types them from the schema. The answer goes out as bytes its 200 schema
 * serialised (or compact text), so the reply is not typed from the schema (`Reply`).
 */
function readRoute<S extends ReadSchema, Needs extends Services, A extends TSchema>(
  app: FastifyInstance,
  read: ReadDefinition<S, Needs, A>,
) {
  const { rest } = read;
  const run = bindRead(read, app.reads, 'rest');
  app.withTypeProvider<TypeBoxTypeProvider>().route<{ Reply: { 200: unknown } }, unknown, S>({
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
      const params = Object.assign({}, request.query, request.params, request.body);
      const answer = await run(readCaller(app, request), params);
      return sendAnswer(answer.cache ? reply.header('x-cache', answer.cache) : reply, answer);
    },
  });
}

/** Every read's REST route (`src/reads/reads.ts`). */
export default async function readRoutes(app: FastifyInstance) {
  for (const read of READS) readRoute(app, read);
}

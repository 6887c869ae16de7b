import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { catalogSearchSchema, SearchRequest, ToolInfo } from '../schemas/catalog.js';
import { strictBodyValidator } from './strict-body-validator.js';

/** The validator of the catalog's JSON body (no coercion, first problem only); search_tools uses it too. */
export const catalogBodyValidator = strictBodyValidator([ToolInfo, SearchRequest]);

export default async function catalogSearchRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/catalog/search',
    { schema: catalogSearchSchema, onRequest: app.authenticate, validatorCompiler: catalogBodyValidator },
    async (request) => app.catalog.search(request.body, request),
  );
}

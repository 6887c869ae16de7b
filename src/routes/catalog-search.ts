import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { catalogSearchSchema, SearchRequest, ToolInfo } from './catalog-search.schema.js';
import { strictBodyValidator } from './strict-body-validator.js';

/** The validator of the catalog's JSON body (no coercion, first problem only); search_tools uses it too. */
export const catalogBodyValidator = strictBodyValidator([ToolInfo, SearchRequest]);

export default async function catalogSearchRoute(app: FastifyInstance) {
  app.post<{ Body: Static<typeof SearchRequest> }>(
    '/catalog/search',
    { schema: catalogSearchSchema, onRequest: app.authenticate, validatorCompiler: catalogBodyValidator },
    async (request) => app.catalog.search(request.body, request),
  );
}

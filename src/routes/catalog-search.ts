import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { catalogBodyValidator } from '../schemas/body-validator.js';
import { catalogSearchSchema } from '../schemas/catalog.js';

export default async function catalogSearchRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/catalog/search',
    { schema: catalogSearchSchema, onRequest: app.authenticate, validatorCompiler: catalogBodyValidator },
    async (request) => app.catalog.search(request.body, request),
  );
}

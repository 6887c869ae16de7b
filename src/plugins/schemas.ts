import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALL_SCHEMAS } from '../reads/reads.js';

/** Every shared and read schema with an `$id`, added once at the root: routes `$ref` them, OpenAPI lists them. */
async function schemas(app: FastifyInstance) {
  for (const schema of ALL_SCHEMAS) app.addSchema(schema);
}

export default fp(schemas, { name: 'schemas' });

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type BuildDocs, buildDocsApp } from '../openapi/docs-app.js';
import { LazyDocs } from '../openapi/lazy-docs.js';
import { DOCS_PREFIX } from '../openapi/swagger-options.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document served at /openapi.json; built on the first call, once the app is ready. */
    openapiDocument(): Promise<object>;
  }
}

export interface OpenapiOptions {
  /** @default buildDocsApp (tests pass one that fails) */
  buildDocs?: BuildDocs;
  /** @default DOCS_BUILD_TIMEOUT_MS */
  buildTimeoutMs?: number;
}

/**
 * The OpenAPI document, generated from the route schemas, at /openapi.json with Swagger UI at /docs. Start-up
 * only records the routes; @fastify/swagger and Swagger UI are loaded on the first request for either.
 */
async function openapi(app: FastifyInstance, options: OpenapiOptions) {
  const docs = new LazyDocs(options.buildDocs ?? buildDocsApp, options.buildTimeoutMs);
  app.decorate('openapiDocument', async () => (await docs.get()).document());
  app.get('/openapi.json', () => app.openapiDocument());
  const swaggerUi = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await docs.get()).answer(request.url, request.headers);
    if (answer.statusCode === 404) {
      reply.callNotFound();
      return reply;
    }
    reply.code(answer.statusCode).headers(answer.headers);
    // An empty answer (a redirect, a 304) is sent without a body, so with no Content-Type of our own.
    return answer.payload.length > 0 ? reply.send(answer.payload) : reply.send();
  };
  app.get(DOCS_PREFIX, swaggerUi);
  app.get(`${DOCS_PREFIX}/*`, swaggerUi);
  // The routes registered from here on: those @fastify/swagger's own hook would see.
  app.addHook('onRoute', (route) => docs.record(route));
  app.addHook('onReady', (done) => {
    docs.seal(app.getSchemas());
    done();
  });
  app.addHook('onClose', () => docs.close());
}

export default fp(openapi, { name: 'openapi' });

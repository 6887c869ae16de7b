import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../../logging/request-id.js';

/** Echoes the request id (the caller's X-Request-Id or a generated one) on every response. */
async function requestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

export default fp(requestId, { name: 'request-id' });

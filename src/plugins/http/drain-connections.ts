import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the app closes, responses carry `Connection: close`. Fastify only closes keep-alive sockets that
 * are idle when close starts; a socket whose request was still in flight would otherwise stay open after
 * its response until the keep-alive timeout, and `server.close()` (so the shutdown) would wait for it.
 */
async function drainConnections(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    done(null, payload);
  });
}

export default fp(drainConnections, { name: 'drain-connections' });

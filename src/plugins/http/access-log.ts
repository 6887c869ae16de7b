import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per answered request (Fastify's own two are off: `disableRequestLogging`), with the request id
 * from the request's logger. It names the route template, never the URL, whatever the status: paths and
 * query strings hold search text and, from careless callers, credentials. A request no route matched
 * (a 404, `/search/messages/?query=…` with its trailing slash among them) is `unmatched`, as in the metrics.
 */
async function accessLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        ip: request.ip,
      },
      'request completed',
    );
    done();
  });
}

export default fp(accessLog, { name: 'access-log' });

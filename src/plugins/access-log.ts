import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../logging/log-options.js';

/**
 * One line per answered request (Fastify's own two are off: `disableRequestLogging`), with the request id
 * from the request's logger. It names the route template, never the URL: query strings hold search text
 * and, from careless callers, credentials. A request no route matched has its URL, redacted.
 */
async function accessLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    request.log.info(
      {
        method: request.method,
        ...(route === undefined ? { url: redactUrl(request.url) } : { route }),
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

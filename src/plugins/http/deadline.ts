import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Epoch ms after which the request must have been answered (REQUEST_DEADLINE_MS). */
    deadline: number;
  }
}

/** Each request's deadline, from its arrival: every Slack call and wait of the request keeps to it. */
async function deadline(app: FastifyInstance) {
  const { clock, config } = app;
  app.decorateRequest('deadline', 0);
  // Callback-style hooks here and in the plugins on every request's path: no promise per hook.
  app.addHook('onRequest', (request, _reply, done) => {
    request.deadline = clock() + config.REQUEST_DEADLINE_MS;
    done();
  });
}

export default fp(deadline, {
  name: 'deadline',
  dependencies: ['config'],
  decorators: { fastify: ['clock'] },
});

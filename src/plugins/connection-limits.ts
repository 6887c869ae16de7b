import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Open sockets are bounded in total (MAX_CONNECTIONS, Node's `maxConnections`: more are closed as they
 * arrive) and per client address (MAX_CONNECTIONS_PER_ADDRESS, 0 = no bound), so sockets held idle by one
 * address cannot starve other clients or the health checks. The address is the socket's peer: behind a
 * load balancer that is the balancer itself (see docs/operations.md).
 */
async function connectionLimits(app: FastifyInstance) {
  const { MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS: perAddress } = app.config;
  app.server.maxConnections = MAX_CONNECTIONS;
  if (perAddress === 0) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

export default fp(connectionLimits, { name: 'connection-limits', dependencies: ['config'] });

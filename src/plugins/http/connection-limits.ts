import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Time a client has to send a request's line and headers (Node's `headersTimeout`), from connecting. */
export const HEADERS_TIMEOUT_MS = 5_000;

/**
 * Open sockets are bounded in total (MAX_CONNECTIONS, Node's `maxConnections`: more are closed as they
 * arrive) and per client address (MAX_CONNECTIONS_PER_ADDRESS, 0 = no bound), so sockets held idle by one
 * address cannot starve other clients or the health checks. The address is the socket's peer: behind a
 * load balancer that is the balancer itself (see docs/operations.md). A socket that has not begun a
 * request within HEADERS_TIMEOUT_MS closes.
 */
async function connectionLimits(app: FastifyInstance) {
  const { MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS: perAddress, REQUEST_TIMEOUT_MS } = app.config;
  app.server.maxConnections = MAX_CONNECTIONS;
  // Node's headersTimeout starts with the first byte: a socket that sends none would live until the
  // inactivity timeout (35 s), so it closes when no request has begun within the header time.
  const firstRequestMs = Math.min(HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS);
  const waiting = new WeakMap<Socket, NodeJS.Timeout>();
  app.server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), firstRequestMs).unref();
    waiting.set(socket, timer);
    socket.once('close', () => clearTimeout(timer));
  });
  app.server.on('request', (request: IncomingMessage) => {
    const timer = waiting.get(request.socket);
    if (timer) {
      clearTimeout(timer);
      waiting.delete(request.socket);
    }
  });
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

export default fp(connectionLimits, {
  name: 'connection-limits',
  dependencies: ['config'],
  decorators: { fastify: ['config'] },
});

import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Statuses after which the connection is not reused: the request was malformed or not read whole.
const CLOSING = new Set([400, 408, 413, 414, 431]);
/** How long a closing socket still discards what the client sends, so it can read our answer. */
export const LINGER_MS = 2000;

/**
 * Node answers a request whose body is not read (a 401 before the body, a 413) and then, for keep-alive,
 * reads the whole body to discard it: a slow sender holds the socket forever. Instead such a socket closes
 * after the answer. It first half-closes and discards the rest for at most LINGER_MS: closing at once, with
 * unread bytes, would send a reset that can destroy the answer before the client reads it.
 */
function lingerThenDestroy(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
  };
}

async function connectionClose(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const unread = !request.raw.complete;
    if ((unread || CLOSING.has(reply.statusCode)) && request.raw.httpVersionMajor < 2) {
      reply.header('connection', 'close');
      if (unread) lingerThenDestroy(request.raw.socket);
    }
    done(null, payload);
  });
}

export default fp(connectionClose, { name: 'connection-close' });

import type { FastifyReply } from 'fastify';

/** Bodies answered from the cache are shared objects: each is written as JSON once, then reused. */
const written = new WeakMap<Body, string>();

type Body = Record<string, unknown>;

/** Sends `body` serialised by the route's 200 response schema, reusing the JSON of a body sent before. */
export function sendJson(reply: FastifyReply, body: Body): FastifyReply {
  let json = written.get(body);
  if (json === undefined) {
    json = reply.serializeInput(body, '200', 'application/json') as string;
    written.set(body, json);
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

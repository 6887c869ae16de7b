import type { FastifyReply } from 'fastify';

type Body = Record<string, unknown>;

/**
 * Bodies answered from the cache are shared objects: each is written as JSON bytes once, then resent as
 * they are (a Buffer skips serialising, measuring and encoding the string on every hit).
 */
const written = new WeakMap<Body, Buffer>();

/** Sends `body` serialised by the route's 200 response schema, reusing the bytes of a body sent before. */
export function sendJson(reply: FastifyReply, body: Body): FastifyReply {
  let bytes = written.get(body);
  if (bytes === undefined) {
    bytes = Buffer.from(reply.serializeInput(body, '200', 'application/json') as string);
    written.set(body, bytes);
  }
  return reply.type('application/json; charset=utf-8').send(bytes);
}

/** Sends compact text (response_format=compact) as it is: text for a model, not JSON. */
export function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(text);
}

/** A read's answer as asked: compact text when there is one, else the JSON body. */
export function sendAnswer(reply: FastifyReply, answer: { body: Body; text?: string }): FastifyReply {
  return answer.text === undefined ? sendJson(reply, answer.body) : sendText(reply, answer.text);
}

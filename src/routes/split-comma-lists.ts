import type { FastifyRequest } from 'fastify';
import { splitLists } from '../schemas/list-params.js';

/** Lets list parameters arrive repeated (`a=1&a=2`) or comma-separated (`a=1,2`), or both. */
export function splitCommaLists(keys: readonly string[]) {
  return async (request: FastifyRequest) => {
    splitLists(request.query as Record<string, unknown>, keys);
  };
}

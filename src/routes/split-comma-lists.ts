import type { FastifyRequest } from 'fastify';
import { splitLists } from '../schemas/list-params.js';

/** Fastify's parsed query string: an object of strings and arrays of them. */
const isQuery = (query: unknown): query is Record<string, unknown> =>
  typeof query === 'object' && query !== null;

/** Lets list parameters arrive repeated (`a=1&a=2`) or comma-separated (`a=1,2`), or both. */
export function splitCommaLists(keys: readonly string[]) {
  return async (request: FastifyRequest) => {
    if (isQuery(request.query)) splitLists(request.query, keys);
  };
}

import type { FastifyRequest } from 'fastify';

/** Lets list parameters arrive repeated (`a=1&a=2`) or comma-separated (`a=1,2`), or both. */
export function splitCommaLists(keys: string[]) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const key of keys) {
      const value = query[key];
      if (value === undefined) continue;
      const items = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
      query[key] = items.map((s) => s.trim()).filter(Boolean);
    }
  };
}

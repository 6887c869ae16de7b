import type { TSchema } from '@sinclair/typebox';

export interface NamedExample {
  summary?: string;
  value: unknown;
}

/**
 * A response in Fastify's per-content-type form. @fastify/swagger copies it into the document as it is,
 * so the schema stays a plain `$ref` to its component and the examples and headers sit beside it.
 */
export function jsonResponse(
  description: string,
  schema: TSchema,
  examples: Record<string, NamedExample>,
  headers?: Record<string, object>,
) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema, examples } },
  };
}

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

/** A read's 200: the concise or detailed JSON, or with response_format=compact the same answer as text. */
export function readResponse(
  description: string,
  schema: TSchema,
  examples: Record<string, NamedExample>,
  compactExample: NamedExample,
  headers?: Record<string, object>,
) {
  const json = jsonResponse(description, schema, examples, headers);
  const text = {
    schema: {
      type: 'string',
      description: 'response_format=compact: the concise answer as text for a model',
    },
    examples: { compact: compactExample },
  };
  return { ...json, content: { ...json.content, 'text/plain': text } };
}

import type { TSchema } from '@sinclair/typebox';
import { sharedSchemas } from '../schemas/shared.js';

type Json = Record<string, unknown>;

const byId = new Map(sharedSchemas.map((s) => [s.$id as string, s]));

function inline(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inline);
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') {
    const target = byId.get(ref);
    if (!target) throw new Error(`no shared schema ${ref}`);
    return inline(target);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) if (key !== '$id') out[key] = inline(value);
  return out;
}

/**
 * A route's TypeBox schema as a self-contained JSON Schema for an MCP client: shared schemas inlined
 * (a client resolves no `$ref` to our components) and no `$id` (its validator caches schemas by id).
 */
export function selfContained(schema: TSchema): Json {
  return inline(JSON.parse(JSON.stringify(schema))) as Json;
}

/**
 * An input schema as a model should read it: a property with a default need not be sent. The route
 * schemas list them as required so the validated value always has them (the validator fills them in).
 */
export function withDefaultsOptional(schema: Json): Json {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = ((schema.required ?? []) as string[]).filter(
    (name) => properties[name]?.default === undefined,
  );
  const { required: _, ...rest } = schema;
  return required.length > 0 ? { ...rest, required } : rest;
}

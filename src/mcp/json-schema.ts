import type { TSchema } from '@sinclair/typebox';
import { ALL_SCHEMAS } from '../reads/reads.js';
import { EXPECTED } from '../schemas/validation-message.js';

type Json = Record<string, unknown>;

const byId = new Map(ALL_SCHEMAS.map((s) => [s.$id as string, s]));

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

/** Keywords a model needs no words for: the tool validates its arguments with the REST rules anyway. */
const VALIDATION_ONLY = new Set([
  'description',
  'title',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'additionalProperties',
  'patternProperties',
  EXPECTED,
]);

const isPlainType = (node: unknown): node is { type: string } =>
  typeof node === 'object' && node !== null && Object.keys(node).length === 1 && 'type' in node;

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // `properties` maps names to schemas: a property called "description" is kept.
    if (key === 'properties') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, strip(v)]));
    } else if (!VALIDATION_ONLY.has(key)) out[key] = strip(value);
  }
  // `{"anyOf":[{"type":"string"},{"type":"null"}]}` says no more than `{"type":["string","null"]}`.
  const anyOf = out.anyOf as unknown[] | undefined;
  if (anyOf?.every(isPlainType)) {
    delete out.anyOf;
    out.type = anyOf.map((t) => t.type);
  }
  // An enum or a const already says its type, and the tool's words say which value to pick; a flag
  // that is off unless sent needs no default, nor one that is on (a model sends it only to turn it off).
  if ('enum' in out || 'const' in out) {
    delete out.type;
    delete out.default;
  }
  if (typeof out.default === 'boolean' || out.default === 'false') delete out.default;
  // Bounds a model will not reach or need told: at least 0 or 1 of a count, a cap's 100,000.
  if (out.minimum === 0 || out.minimum === 1) delete out.minimum;
  // A date's format is in the tool's words (YYYY-MM-DD).
  if (out.format === 'date') delete out.format;
  if (typeof out.maximum === 'number' && out.maximum >= 10_000) delete out.maximum;
  return out;
}

/**
 * A schema as few bytes as a model needs (`tools/list` is read on every conversation): types, enums,
 * defaults and bounds, without the REST schema's descriptions and string limits, plus the `hints` given
 * for the properties whose name and type do not say enough, less the `unlisted` ones.
 */
export function lean(
  schema: Json,
  hints: Record<string, string> = {},
  unlisted: readonly string[] = [],
): Json {
  const out = strip(schema) as Json;
  const properties = out.properties as Record<string, Json> | undefined;
  for (const name of unlisted) {
    if (!properties?.[name]) throw new Error(`no property ${name} to leave out`);
    delete properties[name];
  }
  for (const [name, hint] of Object.entries(hints)) {
    if (!properties?.[name]) throw new Error(`no property ${name} to describe`);
    properties[name] = { ...properties[name], description: hint };
  }
  return out;
}

/** `schema` with no `required` list at any depth. */
export function withoutRequired(schema: Json): Json {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => key !== 'required' || !Array.isArray(value))
        .map(([key, value]) => [key, walk(value)]),
    );
  };
  return walk(schema) as Json;
}

/**
 * An output schema one level deep in its lists: a list of objects says only that (`{"type":"object"}`
 * items), so a client knows the body's shape without every message's fields listed again.
 */
export function shallowLists(schema: Json): Json {
  const walk = (node: unknown, inList: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, inList));
    if (node === null || typeof node !== 'object') return node;
    const n = node as Json;
    if (inList && (n.type === 'object' || 'properties' in n)) return { type: 'object' };
    return Object.fromEntries(Object.entries(n).map(([k, v]) => [k, walk(v, k === 'items')]));
  };
  return walk(schema, false) as Json;
}

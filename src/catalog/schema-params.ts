/** One parameter as ranking reads it: its name and what its schema says of it. */
export type ParamText = { name: string; description: string };

/**
 * How much of a tool's `inputSchema` is read. MCP Router forwards each tool's whole JSON Schema, which
 * may be deep, wide or repetitive; what helps ranking (parameter names and descriptions) sits near the top.
 */
export const SCHEMA_LIMITS = {
  /** Levels of nested parameters read (a property's `properties`, `items`, `anyOf` branches...). */
  depth: 4,
  /** Schema nodes visited per tool, whatever they hold. */
  nodes: 256,
  /** Parameters kept per tool. */
  params: 64,
  /** Characters kept of each description. */
  descriptionChars: 1024,
} as const;

/** Keys whose value is one subschema, or a list of them, for the same parameter. */
const SAME_PARAM_KEYS = ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'] as const;

/** A schema to read; `branch` when it describes the same parameter as its parent (items, anyOf...). */
type Visit = { schema: unknown; name: string; depth: number; branch: boolean };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The parameters of a JSON Schema, breadth first: each property's name and description (nested
 * properties included, under their own names), and the schema's own description under an empty name.
 * Any JSON value is accepted and whatever is not a readable name or description is ignored. Bounded by
 * SCHEMA_LIMITS in depth, nodes visited and output, and iterative: no input can exhaust the stack.
 * Repeated pairs (an `anyOf` branch restating its property's description) are kept once.
 */
export function schemaParams(schema: unknown): ParamText[] {
  const out: ParamText[] = [];
  const seen = new Set<string>();
  const queue: Visit[] = [{ schema, name: '', depth: 0, branch: false }];
  for (let i = 0; i < queue.length; i++) {
    const { schema: node, name, depth, branch } = queue[i] as Visit;
    const about = isObject(node) && typeof node.description === 'string' ? node.description : '';
    const description = about.slice(0, SCHEMA_LIMITS.descriptionChars);
    const pair = `${name}\n${description}`;
    if ((description !== '' || (name !== '' && !branch)) && !seen.has(pair)) {
      seen.add(pair);
      out.push({ name, description });
      if (out.length >= SCHEMA_LIMITS.params) break;
    }
    if (!isObject(node)) continue;
    if (depth >= SCHEMA_LIMITS.depth || queue.length >= SCHEMA_LIMITS.nodes) continue;
    const next = depth + 1;
    if (isObject(node.properties)) {
      for (const key in node.properties) {
        if (queue.length >= SCHEMA_LIMITS.nodes) break;
        queue.push({ schema: node.properties[key], name: key, depth: next, branch: false });
      }
    }
    for (const key of SAME_PARAM_KEYS) {
      const value = node[key];
      for (const sub of Array.isArray(value) ? value : [value]) {
        if (queue.length >= SCHEMA_LIMITS.nodes) break;
        if (isObject(sub)) queue.push({ schema: sub, name, depth: next, branch: true });
      }
    }
  }
  return out;
}

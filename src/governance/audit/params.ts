/** The parameters holding what someone searched for: kept only when AUDIT_RECORD_QUERIES is true. */
export const QUERY_PARAMS: readonly string[] = ['query', 'context'];

export const MAX_PARAM_CHARS = 500;
const MAX_LIST_ITEMS = 20;
const MAX_PARAMS = 40;

const cut = (s: string) => (s.length > MAX_PARAM_CHARS ? `${s.slice(0, MAX_PARAM_CHARS)}…` : s);

function bounded(value: unknown): unknown {
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item !== 'object' || item === null)) return `[${value.length} items]`;
    const kept = value.slice(0, MAX_LIST_ITEMS).map(bounded);
    return value.length > MAX_LIST_ITEMS ? [...kept, `…and ${value.length - MAX_LIST_ITEMS} more`] : kept;
  }
  return value === undefined ? undefined : '[object]';
}

/**
 * A read's parameters as a record keeps them: strings cut, lists of at most 20 values, nested objects (a
 * tool search's tools) named only by their count; the query text left out unless `recordQueries`.
 */
export function auditParams(params: object, recordQueries: boolean): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params).slice(0, MAX_PARAMS)) {
    if (value === undefined || (!recordQueries && QUERY_PARAMS.includes(name))) continue;
    kept[name] = bounded(value);
  }
  return kept;
}

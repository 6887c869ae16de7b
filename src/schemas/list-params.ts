/**
 * Lets list values arrive as several values, comma-separated, or both (`["C1,C2", "C3"]`): the REST
 * query string and MCP arguments alike, before validation.
 */
export function splitLists(
  values: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  for (const key of keys) {
    const value = values[key];
    if (value === undefined) continue;
    const items = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    values[key] = items.map((s) => s.trim()).filter(Boolean);
  }
  return values;
}

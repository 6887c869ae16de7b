import type { RankTool } from './types.js';

/**
 * A cache key for a tool list: a hash of its keys, names and servers and of its descriptions' and
 * parameters' lengths. Cheap by design: a cache hit is confirmed by `sameTools`, so a clash costs a miss only.
 */
function mix(h: number, text: string): number {
  let x = h;
  for (let i = 0; i < text.length; i++) x = Math.imul(x ^ text.charCodeAt(i), 0x01000193);
  return Math.imul(x ^ 0x1f, 0x01000193);
}

export function toolListKey(tools: readonly RankTool[]): string {
  let h = 0x811c9dc5;
  for (const t of tools) {
    h = mix(mix(mix(h, t.toolKey), t.toolName), t.serverName);
    h = Math.imul(h ^ t.description.length, 0x01000193);
    h = Math.imul(h ^ t.params.length, 0x01000193);
  }
  return `${tools.length}:${(h >>> 0).toString(36)}`;
}

export function sameTools(x: readonly RankTool[], y: readonly RankTool[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const p = x[i] as RankTool;
    const q = y[i] as RankTool;
    if (p.toolKey !== q.toolKey || p.toolName !== q.toolName || p.serverName !== q.serverName) return false;
    if (p.description !== q.description || p.params !== q.params) return false;
  }
  return true;
}

/** A channel name pattern of a policy: a name, or a name with `*` for any run of characters (`hr-*`). */
export interface NamePattern {
  pattern: string;
  matches: (name: string) => boolean;
}

/**
 * `*` globs matched without backtracking: the first piece is a prefix, the last a suffix, and those
 * between are found in order, each at its first place (the greedy order is exact for `*` alone).
 */
export function namePattern(pattern: string): NamePattern {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return { pattern, matches: (name) => name === pattern };
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  const middle = pieces.slice(1, -1).filter(Boolean);
  return {
    pattern,
    matches: (name) => {
      if (name.length < first.length + last.length) return false;
      if (!name.startsWith(first) || !name.endsWith(last)) return false;
      let at = first.length;
      const end = name.length - last.length;
      for (const piece of middle) {
        const found = name.indexOf(piece, at);
        if (found < 0 || found + piece.length > end) return false;
        at = found + piece.length;
      }
      return true;
    },
  };
}

/** Which front end asked: a REST route, or an MCP tool. */
export type Surface = 'rest' | 'mcp';

/** What the wording needs of a read: its folder name, REST path, tool, and the reads it names. */
export interface WordingSource {
  name: string;
  /** Other reads (folder names) its answers point to. */
  names?: readonly string[];
  rest: { path: string };
  mcp: { tool: string; rename?: Readonly<Record<string, string>> };
}

/**
 * How one read's answers and errors name things on the front end that asked: its own parameters, a
 * setting, and the reads it points to, by their REST paths or tools. The phrases themselves are the reads'
 * own (`src/reads/<read>/wording.ts`); a read names another only through this (declared in its `names`),
 * never by importing it, and nothing below `src/reads` names a read at all.
 */
export interface Wording {
  surface: Surface;
  /** One of this read's parameters as a message names it: `querystring/count`, `params/file_id`; `count`. */
  param: (name: string) => string;
  /** A parameter set to a value as the front end writes it: `max_text_chars=0`; `max_text_chars: 0`. */
  setting: (name: string, value: string | number) => string;
  /** A read's REST path with its `:parameters` filled in: `/threads/C1/1.2` (`path('thread-replies', …)`). */
  path: (read: string, values?: Readonly<Record<string, string>>) => string;
  /** A read's MCP tool: `slack_get_thread_replies`. */
  tool: (read: string) => string;
}

/** `/threads/:channel/:ts` with `{ channel: 'C1', ts: '1.2' }`: `/threads/C1/1.2`. */
function fillPath(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/:(\w+)/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The wording of `read` on `surface`. `all` is the list of reads (src/reads/reads.ts): every name the
 * read declares must be in it (checked here, at start), and only those, or the read itself, may be named.
 */
export function wordingFor(read: WordingSource, surface: Surface, all: readonly WordingSource[]): Wording {
  const known = new Map<string, WordingSource>([[read.name, read]]);
  for (const name of read.names ?? []) {
    const other = all.find((r) => r.name === name);
    if (!other) throw new Error(`${read.name} names ${name}, which is not a read in src/reads/reads.ts`);
    known.set(name, other);
  }
  const named = (name: string) => {
    const other = known.get(name);
    if (!other) throw new Error(`${read.name} names ${name} without declaring it in its definition's names`);
    return other;
  };
  const pathParams = new Set([...read.rest.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
  const rest = surface === 'rest';
  return {
    surface,
    param: (name) =>
      rest ? `${pathParams.has(name) ? 'params' : 'querystring'}/${name}` : (read.mcp.rename?.[name] ?? name),
    setting: (name, value) => (rest ? `${name}=${value}` : `${name}: ${value}`),
    path: (name, values = {}) => fillPath(named(name).rest.path, values),
    tool: (name) => named(name).mcp.tool,
  };
}

/** How to get whole texts where max_text_chars cut them. */
export const wholeTexts = (w: Wording) => `${w.setting('max_text_chars', 0)} gives whole texts`;

import { pushGluedWords } from './glued-names.js';
import { type Term, trimLexicon } from './lexicon.js';
import type { PrefixFilter } from './prefix-filter.js';
import { forEachTerm } from './tokenize.js';
import { FIELD_COUNT, type ToolIndex, toCsr } from './tool-index.js';
import { fieldText } from './tool-text.js';
import type { RankTool } from './types.js';

let builds = 0;

/**
 * Indexes `tools`. With a `filter`, only the terms that may match the query it was made for: a
 * partial index for one request, with the same lengths and document frequencies as a full one.
 */
export function buildIndex(tools: readonly RankTool[], filter?: PrefixFilter): ToolIndex {
  trimLexicon();
  const n = tools.length;
  const stamp = ++builds;
  const local: Term[] = [];
  let scratch = new Uint16Array((filter ? 256 : 4096) * FIELD_COUNT);
  const touched: number[] = [];
  const postings: number[] = [];
  const fieldLengths = new Float32Array(n * FIELD_COUNT);
  const servers = new ServersAndNames(n);
  let field = 0;
  // Terms get build-local slots through their stamp, without a map lookup (builds are synchronous).
  const count = (term: Term) => {
    if (term.stamp !== stamp) {
      term.stamp = stamp;
      term.slot = local.length;
      local.push(term);
      if (local.length * FIELD_COUNT > scratch.length) {
        const grown = new Uint16Array(scratch.length * 2);
        grown.set(scratch);
        scratch = grown;
      }
    }
    const at = term.slot * FIELD_COUNT;
    let fresh = true;
    for (let f = 0; f < FIELD_COUNT; f++) if (scratch[at + f] !== 0) fresh = false;
    if (fresh) touched.push(term.slot);
    if ((scratch[at + field] as number) < 0xffff) scratch[at + field] = (scratch[at + field] as number) + 1;
  };
  const onTerm = (term: Term) => {
    count(term);
    if (term.concepts) for (const c of term.concepts) count(c);
  };
  for (let d = 0; d < n; d++) {
    const tool = tools[d] as RankTool;
    for (field = 0; field < FIELD_COUNT; field++) {
      fieldLengths[d * FIELD_COUNT + field] = forEachTerm(fieldText(tool, field), onTerm, filter);
    }
    for (const slot of touched) {
      const at = slot * FIELD_COUNT;
      postings.push(slot, d);
      for (let f = 0; f < FIELD_COUNT; f++) {
        postings.push(scratch[at + f] as number);
        scratch[at + f] = 0;
      }
    }
    touched.length = 0;
    servers.add(tool, d);
  }
  return finishIndex(tools, local, postings, fieldLengths, servers.done());
}

/** Each tool's server (as a small number) and the words glued in its name, by tool. */
class ServersAndNames {
  readonly #ids = new Map<string, number>();
  readonly #serverOf: Int32Array;
  readonly #words: string[] = [];
  readonly #docs: number[] = [];
  readonly #offsets: Int32Array;

  constructor(n: number) {
    this.#serverOf = new Int32Array(n);
    this.#offsets = new Int32Array(n + 1);
  }

  add(tool: RankTool, d: number) {
    const sid = this.#ids.get(tool.serverName) ?? this.#ids.size;
    this.#ids.set(tool.serverName, sid);
    this.#serverOf[d] = sid;
    pushGluedWords(tool.toolName, this.#words);
    while (this.#docs.length < this.#words.length) this.#docs.push(d);
    this.#offsets[d + 1] = this.#words.length;
  }

  done() {
    return {
      serverOf: this.#serverOf,
      serverCount: this.#ids.size,
      gluedWords: this.#words,
      gluedDocs: Int32Array.from(this.#docs),
      gluedOffsets: this.#offsets,
    };
  }
}

/** The index from what the build counted: term ids, postings in CSR form, average field lengths. */
function finishIndex(
  tools: readonly RankTool[],
  local: Term[],
  postings: number[],
  fieldLengths: Float32Array,
  servers: Pick<ToolIndex, 'serverOf' | 'serverCount' | 'gluedWords' | 'gluedDocs' | 'gluedOffsets'>,
): ToolIndex {
  const n = tools.length;
  const termIds = new Map<string, number>();
  for (let i = 0; i < local.length; i++) termIds.set((local[i] as Term).text, i);
  const avgLengths = new Float64Array(FIELD_COUNT);
  for (let i = 0; i < fieldLengths.length; i++) avgLengths[i % FIELD_COUNT] += fieldLengths[i] as number;
  for (let f = 0; f < FIELD_COUNT; f++)
    avgLengths[f] = Math.max((avgLengths[f] as number) / Math.max(n, 1), 1);
  return { tools, termIds, ...toCsr(postings, local.length), fieldLengths, avgLengths, ...servers };
}

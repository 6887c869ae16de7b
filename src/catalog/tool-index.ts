import type { RankTool } from './types.js';

/** Name, server, description and parameters (`inputSchema.properties`). */
export const FIELD_COUNT = 4;

/**
 * An inverted index of one tool list. The postings of local term `t` are `offsets[t]` to
 * `offsets[t + 1]`, sorted by tool; each holds a tool and its raw counts in name, server,
 * description and parameters, so BM25F's weights and length normalisation stay query-time choices.
 */
export type ToolIndex = {
  tools: readonly RankTool[];
  termIds: Map<string, number>;
  offsets: Int32Array;
  docs: Int32Array;
  counts: Uint16Array;
  /** Words per field of each tool (stop words included), and their means over the list. */
  fieldLengths: Float32Array;
  avgLengths: Float64Array;
  serverOf: Int32Array;
  serverCount: number;
  /**
   * Long all-lowercase words of tool names (`getfileversions`), where a query word may hide, with
   * their tools (in order); those of tool `d` start at `gluedOffsets[d]`.
   */
  gluedWords: string[];
  gluedDocs: Int32Array;
  gluedOffsets: Int32Array;
};

export function termDf(index: ToolIndex, term: string): number {
  const id = index.termIds.get(term);
  return id === undefined ? 0 : (index.offsets[id + 1] as number) - (index.offsets[id] as number);
}

/** The posting of `term` for tool `doc`, or -1. */
export function findPosting(index: ToolIndex, term: string, doc: number): number {
  const id = index.termIds.get(term);
  if (id === undefined) return -1;
  let lo = index.offsets[id] as number;
  let hi = (index.offsets[id + 1] as number) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = index.docs[mid] as number;
    if (d === doc) return mid;
    if (d < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const STRIDE = 2 + FIELD_COUNT;

/**
 * Lays out postings that arrive grouped by tool as (term, tool, counts...) tuples, grouped by term
 * instead (a counting sort, which keeps each term's tools in order).
 */
export function toCsr(postings: readonly number[], terms: number) {
  const total = postings.length / STRIDE;
  const offsets = new Int32Array(terms + 1);
  for (let p = 0; p < postings.length; p += STRIDE) offsets[(postings[p] as number) + 1]++;
  for (let t = 0; t < terms; t++) offsets[t + 1] = (offsets[t + 1] as number) + (offsets[t] as number);
  const fill = offsets.slice(0, terms);
  const docs = new Int32Array(total);
  const counts = new Uint16Array(total * FIELD_COUNT);
  for (let p = 0; p < postings.length; p += STRIDE) {
    const at = fill[postings[p] as number]++;
    docs[at] = postings[p + 1] as number;
    for (let f = 0; f < FIELD_COUNT; f++) counts[at * FIELD_COUNT + f] = postings[p + 2 + f] as number;
  }
  return { offsets, docs, counts };
}

const STRING_OVERHEAD = 32;

/** An estimate of the heap an index holds: its arrays, its term map, and the tool list it keeps. */
export function indexBytes(index: ToolIndex): number {
  let bytes =
    index.offsets.byteLength +
    index.docs.byteLength +
    index.counts.byteLength +
    index.fieldLengths.byteLength +
    index.avgLengths.byteLength +
    index.serverOf.byteLength +
    index.gluedDocs.byteLength +
    index.gluedOffsets.byteLength;
  for (const term of index.termIds.keys()) bytes += 2 * term.length + STRING_OVERHEAD + 24;
  for (const word of index.gluedWords) bytes += 2 * word.length + STRING_OVERHEAD;
  for (const t of index.tools) {
    bytes += 2 * (t.toolKey.length + t.toolName.length + t.serverName.length) + 3 * STRING_OVERHEAD;
    bytes += 2 * (t.description.length + t.params.length) + 2 * STRING_OVERHEAD;
  }
  return bytes;
}

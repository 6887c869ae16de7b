import type { RankConfig } from './config.js';
import type { QueryTerm } from './query-terms.js';
import { FIELD_COUNT, findPosting, type ToolIndex } from './tool-index.js';
import { hasDescription } from './tool-text.js';
import type { ToolInfo } from './types.js';

const FIELD_NAMES = ['name', 'server', 'description', 'parameters'] as const;
const MAX_LABELS = 6;
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff';
const CJK_PAIR = new RegExp(`^[${CJK}]{2}$`);
const ENDS_CJK = new RegExp(`[${CJK}]$`);

type Group = { labels: string[]; fields: number };

function fieldsMatched(index: ToolIndex, q: QueryTerm, doc: number, cfg: RankConfig): number {
  let mask = 0;
  const p = findPosting(index, q.term, doc);
  if (p >= 0)
    for (let f = 0; f < FIELD_COUNT; f++)
      if ((index.counts[p * FIELD_COUNT + f] as number) > 0) mask |= 1 << f;
  // A tool without a description is described by its parameters: a match there is one in parameters.
  if (!hasDescription(index.tools[doc] as ToolInfo)) mask &= ~(1 << 2);
  if (cfg.gluedWeight > 0 && q.term.length >= 4 && !(mask & 1)) {
    for (let g = index.gluedOffsets[doc] as number; g < (index.gluedOffsets[doc + 1] as number); g++) {
      const word = index.gluedWords[g] as string;
      if (word.length > q.term.length && word.includes(q.term)) mask |= 1;
    }
  }
  return mask;
}

// Overlapping CJK pairs read back as the run they came from: 微博, 博热, 热搜 → 微博热搜.
function addLabel(labels: string[], label: string): void {
  const last = labels.at(-1);
  if (last !== undefined && CJK_PAIR.test(label) && last.endsWith(label.charAt(0)) && ENDS_CJK.test(last)) {
    labels[labels.length - 1] = last + label.charAt(1);
  } else labels.push(label);
}

function phrase(g: Group): string {
  const fields = FIELD_NAMES.filter((_, f) => g.fields & (1 << f));
  const where = fields.length < 2 ? fields[0] : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return `${g.labels.slice(0, MAX_LABELS).join(', ')} in ${where}`;
}

/** One sentence naming the asked words a tool matched and the fields they matched in. */
export function explain(index: ToolIndex, terms: readonly QueryTerm[], doc: number, cfg: RankConfig): string {
  const groups = { asked: [] as string[], related: [] as string[], context: [] as string[] };
  const fields = { asked: 0, related: 0, context: 0 };
  const direct = new Set<string>();
  for (const q of terms) {
    if (q.via && direct.has(q.via)) continue;
    const mask = fieldsMatched(index, q, doc, cfg);
    if (mask === 0) continue;
    if (!q.via) direct.add(q.label);
    const kind = q.fromContext ? 'context' : q.via ? 'related' : 'asked';
    addLabel(groups[kind], q.via ? `"${q.via}" (as ${q.label})` : q.label);
    fields[kind] |= mask;
  }
  // `github` also yields `git` and `hub`: name the whole word only.
  const quote = (labels: string[]) =>
    labels.filter((l) => !labels.some((o) => o.length > l.length && o.includes(l))).map((l) => `"${l}"`);
  const parts: string[] = [];
  if (groups.asked.length) parts.push(phrase({ labels: quote(groups.asked), fields: fields.asked }));
  if (groups.related.length) parts.push(phrase({ labels: groups.related, fields: fields.related }));
  if (groups.context.length)
    parts.push(`context ${phrase({ labels: quote(groups.context), fields: fields.context })}`);
  return parts.length > 0
    ? `Matched ${parts.join('; ')}.`
    : 'Matched nothing itself; other tools of its server did.';
}

import type { SearchQuery } from './search-query.js';
import type { WorkspaceMessage } from './workspace-types.js';

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Text search runs over the message text plus the visible text of the attachments it was posted with,
 * lower-cased. Link previews (app or site unfurls) are not indexed: their words come from another site.
 */
export function searchableText(message: WorkspaceMessage): string {
  const parts = [message.text];
  for (const attachment of message.attachments ?? []) {
    if (attachment.from_url || attachment.app_unfurl_url) continue;
    for (const key of ['title', 'text', 'fallback', 'pretext']) {
      if (typeof attachment[key] === 'string') parts.push(attachment[key]);
    }
  }
  return parts.join('\n').toLowerCase();
}

/** Offsets where `term` starts a word of `text` (both lower-cased): Slack-like prefix matching. */
export function termPositions(text: string, term: string): number[] {
  const positions: number[] = [];
  const boundaryFree = !WORD_CHAR.test(term[0] ?? '');
  for (let at = text.indexOf(term); at !== -1; at = text.indexOf(term, at + 1)) {
    if (boundaryFree || at === 0 || !WORD_CHAR.test(text[at - 1] ?? '')) positions.push(at);
  }
  return positions;
}

const normalizeSpace = (text: string): string => text.replace(/\s+/g, ' ');

export function phrasePositions(text: string, phrase: string): number[] {
  return termPositions(normalizeSpace(text), phrase);
}

const mentionOf = (id: string): string => `<@${id.toLowerCase()}`;

/** True when every term, phrase and mention is present and no exclusion is. */
export function textMatches(query: SearchQuery, text: string): boolean {
  return (
    query.terms.every((term) => termPositions(text, term).length > 0) &&
    query.phrases.every((phrase) => phrasePositions(text, phrase).length > 0) &&
    query.mentions.every((id) => text.includes(mentionOf(id))) &&
    !query.excluded.some((word) => termPositions(normalizeSpace(text), word).length > 0)
  );
}

/** An arbitrary positive float like Slack's: hit density, boosted for phrases and mentions. */
export function scoreText(query: SearchQuery, text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  const hits =
    query.terms.reduce((sum, term) => sum + Math.log1p(termPositions(text, term).length), 0) +
    query.phrases.reduce((sum, phrase) => sum + 2 * Math.log1p(phrasePositions(text, phrase).length), 0) +
    query.mentions.length;
  const base = hits === 0 ? 0.5 : hits;
  return Math.round((base * 100) / Math.sqrt(words + 4)) / 10 + (words % 7) / 1000;
}

/** Wraps matched terms/phrases/mentions of `text` in Slack's U+E000 … U+E001 highlight markers. */
export function highlight(query: SearchQuery, text: string): string {
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return text;
  const ranges: [number, number][] = [];
  for (const term of query.terms) {
    for (const at of termPositions(lower, term)) ranges.push([at, at + term.length]);
  }
  for (const id of query.mentions) {
    for (const at of termPositions(lower, mentionOf(id))) {
      ranges.push([at, lower.indexOf('>', at) + 1 || lower.length]);
    }
  }
  for (const phrase of query.phrases) {
    const pattern = new RegExp(phrase.split(' ').map(escapeRegExp).join('\\s+'), 'g');
    for (const match of lower.matchAll(pattern)) ranges.push([match.index, match.index + match[0].length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start < cursor) continue;
    out += `${text.slice(cursor, start)}\uE000${text.slice(start, end)}\uE001`;
    cursor = end;
  }
  return out + text.slice(cursor);
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

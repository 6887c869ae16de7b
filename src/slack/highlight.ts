const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/g;

/** Slack wraps matched terms in private-use characters; an LLM should see `*term*` instead. */
export function renderHighlights(text: string): string {
  if (!text.includes(OPEN) && !text.includes(CLOSE)) return text;
  return text.replace(MARKERS, '*');
}

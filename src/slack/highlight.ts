const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKERS = /[\uE000\uE001]/g;

/** Slack wraps matched terms in private-use characters; an LLM should see `*term*` instead. */
export function renderHighlights(text: string): string {
  if (!text.includes(OPEN) && !text.includes(CLOSE)) return text;
  return text.replace(MARKERS, '*');
}

/** The text without Slack's highlight marks: what it says, for comparing and for ids inside links. */
export const stripHighlights = (text: string): string => text.replace(MARKERS, '');

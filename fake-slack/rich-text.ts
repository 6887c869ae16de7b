import { stableBlockId } from './ids.js';

type Element = Record<string, unknown>;

const INLINE =
  /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>|<#(C[A-Z0-9]+)(?:\|([^>]*))?>|<(https?:\/\/[^|>]+)(?:\|([^>]*))?>|:([a-z0-9_+-]+):|`([^`\n]+)`/g;

function inlineElements(text: string): Element[] {
  const out: Element[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ type: 'text', text: text.slice(last, index) });
    const [, user, channel, , url, label, emoji, code] = match;
    if (user) out.push({ type: 'user', user_id: user });
    else if (channel) out.push({ type: 'channel', channel_id: channel });
    else if (url) out.push(label ? { type: 'link', url, text: label } : { type: 'link', url });
    else if (emoji) out.push({ type: 'emoji', name: emoji });
    else if (code) out.push({ type: 'text', text: code, style: { code: true } });
    last = index + match[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/** A rich_text block as Slack clients produce: sections, with ``` fences as preformatted runs. */
export function richTextBlocks(text: string, seed: string): Element[] {
  const elements: Element[] = [];
  text.split('```').forEach((part, i) => {
    if (part === '') return;
    if (i % 2 === 1) {
      elements.push({ type: 'rich_text_preformatted', elements: [{ type: 'text', text: part }], border: 0 });
    } else {
      elements.push({ type: 'rich_text_section', elements: inlineElements(part) });
    }
  });
  return [{ type: 'rich_text', block_id: stableBlockId(seed), elements }];
}

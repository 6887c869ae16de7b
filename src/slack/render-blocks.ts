import { linkText, type ReadNames, renderMrkdwn, userLabel } from './mrkdwn.js';
import { filled, objects, type SlackObject, str } from './slack-values.js';

const emoji = (e: SlackObject): string => {
  const code = str(e.unicode);
  if (code && /^[0-9a-f]{2,6}(?:-[0-9a-f]{2,6})*$/i.test(code)) {
    return String.fromCodePoint(...code.split('-').map((hex) => Number.parseInt(hex, 16)));
  }
  return `:${str(e.name) ?? ''}:`;
};

/** One inline element of a rich_text section. */
function inline(e: SlackObject, names: ReadNames): string {
  switch (e.type) {
    case 'text':
      return str(e.text) ?? '';
    case 'link':
      return linkText(str(e.url) ?? '', filled(e.text));
    case 'user':
      return userLabel(str(e.user_id) ?? '', names);
    case 'channel': {
      const id = str(e.channel_id) ?? '';
      return `#${names.channels?.get(id) ?? id}`;
    }
    case 'usergroup':
      return `@${str(e.usergroup_id) ?? ''}`;
    case 'broadcast':
      return `@${str(e.range) ?? 'here'}`;
    case 'emoji':
      return emoji(e);
    case 'date':
      return str(e.fallback) ?? String(e.timestamp ?? '');
    default:
      return str(e.text) ?? '';
  }
}

const section = (s: SlackObject, names: ReadNames) =>
  objects(s.elements)
    .map((e) => inline(e, names))
    .join('');

const prefixLines = (text: string, prefix: (i: number) => string) =>
  text
    .split('\n')
    .map((line, i) => prefix(i) + line)
    .join('\n');

/** A rich_text block's parts: sections, lists, quotes and code, one line or more each. */
function richText(block: SlackObject, names: ReadNames): string {
  const parts = objects(block.elements).map((part) => {
    switch (part.type) {
      case 'rich_text_list': {
        const indent = '  '.repeat(typeof part.indent === 'number' ? Math.min(part.indent, 8) : 0);
        const ordered = part.style === 'ordered';
        const offset = typeof part.offset === 'number' ? part.offset : 0;
        return objects(part.elements)
          .map((item, i) => `${indent}${ordered ? `${offset + i + 1}.` : '-'} ${section(item, names)}`)
          .join('\n');
      }
      case 'rich_text_quote':
        return prefixLines(section(part, names).replace(/\n+$/, ''), () => '> ');
      case 'rich_text_preformatted':
        return `\`\`\`\n${section(part, names).replace(/\n+$/, '')}\n\`\`\``;
      default:
        return section(part, names).replace(/\n+$/, '');
    }
  });
  return parts.filter((p) => p !== '').join('\n');
}

/** A text object (`plain_text` or `mrkdwn`) as readable text. */
const textObject = (t: unknown, names: ReadNames): string => {
  const o = t as SlackObject | undefined;
  const text = str(o?.text) ?? '';
  return o?.type === 'mrkdwn' ? renderMrkdwn(text, names) : text;
};

function block(b: SlackObject, names: ReadNames): string {
  switch (b.type) {
    case 'rich_text':
      return richText(b, names);
    case 'header':
      return textObject(b.text, names);
    case 'section': {
      const fields = Array.isArray(b.fields) ? b.fields.map((f) => textObject(f, names)) : [];
      return [textObject(b.text, names), ...fields].filter(filled).join('\n');
    }
    case 'context':
      return objects(b.elements)
        .filter((e) => e.type === 'mrkdwn' || e.type === 'plain_text')
        .map((e) => textObject(e, names))
        .filter(filled)
        .join(' ');
    default:
      return '';
  }
}

/**
 * What a message's Block Kit `blocks` say, one block a line or more: rich_text (sections, lists,
 * quotes, code; users, channels, groups, broadcasts, emoji, links), section, header and context.
 * Images, dividers and buttons carry no words an agent needs.
 */
export function renderBlocks(blocks: unknown, names: ReadNames = {}): string {
  return objects(blocks)
    .map((b) => block(b, names))
    .filter(filled)
    .join('\n');
}

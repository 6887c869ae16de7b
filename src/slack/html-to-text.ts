import type { NodeHtmlMarkdown, TranslatorConfig, TranslatorConfigFactory } from 'node-html-markdown';

type Node = {
  getAttribute?(name: string): string | undefined;
  parentNode?: unknown;
  querySelector?(s: string): Node | null;
  tagName?: string;
};

const classes = (node: Node | undefined) => ` ${node?.getAttribute?.('class') ?? ''} `;

/** `[x] ` or `[ ] ` for a checklist item, else ''. */
function checkbox(node: Node): string {
  const box = node.querySelector?.('input[type=checkbox]');
  if (box) return box.getAttribute?.('checked') !== undefined ? '[x] ' : '[ ] ';
  if (!/ checklist /.test(classes(node.parentNode as Node))) return '';
  return / checked /.test(classes(node)) ? '[x] ' : '[ ] ';
}

/**
 * A canvas (or any HTML file) as Markdown-like text for a model: headings, lists, checklists (`[x]`/`[ ]`),
 * links, tables and code kept; scripts, styles and the page head dropped. node-html-markdown does the
 * conversion, loaded on the first HTML file (not at start); only checklist items are ours (Slack marks
 * them with a class, or a checkbox input).
 */
let converter: Promise<NodeHtmlMarkdown> | undefined;
async function loadConverter(): Promise<NodeHtmlMarkdown> {
  const { NodeHtmlMarkdown } = await import('node-html-markdown');
  const made = new NodeHtmlMarkdown({
    bulletMarker: '-',
    maxConsecutiveNewlines: 2,
    useLinkReferenceDefinitions: false,
  });
  const baseItem = made.translators.get('li');
  const checklistItem: TranslatorConfigFactory = (ctx) => {
    const base: TranslatorConfig = typeof baseItem === 'function' ? baseItem(ctx) : { ...baseItem };
    const box = checkbox(ctx.node as unknown as Node);
    return box ? { ...base, prefix: `${base.prefix ?? ''}${box}` } : base;
  };
  made.translators.set('li', checklistItem);
  return made;
}

const MENTION = /<([@#])([UWCGD][A-Z0-9]{2,40})(?:\|([^>]*))?>/g;
const HTML_MENTION = /&lt;([@#])([UWCGD][A-Z0-9]{2,40})(?:\|((?:(?!&gt;)[^<])*))?&gt;/g;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface MentionNames {
  users: Map<string, string>;
  channels: Map<string, string>;
}

/** Users (`<@U…>`, `<@U…|name>`) and channels (`<#C…>`) a text or HTML document mentions. */
export function mentionIds(text: string): { users: string[]; channels: string[] } {
  const users = new Set<string>();
  const channels = new Set<string>();
  for (const pattern of [MENTION, HTML_MENTION]) {
    for (const m of text.matchAll(pattern)) (m[1] === '@' ? users : channels).add(m[2] as string);
  }
  return { users: [...users], channels: [...channels] };
}

const named = (names: MentionNames, sigil: string, id: string, label?: string) =>
  `${sigil}${(sigil === '@' ? names.users : names.channels).get(id) ?? label ?? id}`;

/** `<@U…>` as `@name` and `<#C…>` as `#name` where a name is known (else the label Slack wrote, else the id). */
export function nameMentions(text: string, names: MentionNames): string {
  return text.replace(MENTION, (_, sigil: string, id: string, label?: string) =>
    named(names, sigil, id, label),
  );
}

/** Markdown-like text of an HTML document, its mentions named. */
export async function htmlToText(html: string, names: MentionNames): Promise<string> {
  const withNames = html.replace(HTML_MENTION, (_, sigil: string, id: string, label?: string) =>
    escapeHtml(named(names, sigil, id, label)),
  );
  converter ??= loadConverter();
  converter.catch(() => {
    converter = undefined;
  });
  return (await converter)
    .translate(withNames)
    .replace(/\\([<>#_*.+=[\]-])/g, '$1')
    .trim();
}

import { Tokenizer } from 'htmlparser2';
import { ANY, RULES } from './html-rules.js';
import { closeTo, type Open, popOne, type ReadState } from './html-state.js';
import { MarkdownWriter } from './markdown-writer.js';

/** Elements open at once at most: deeper ones are read as their text (browsers cap depth the same way). */
export const MAX_HTML_DEPTH = 128;
/** How many tokens are read between two looks at the clock. */
const CHECK_EVERY = 512;
/** Attributes the conversion reads, each kept up to MAX_ATTRIBUTE chars; all others are skipped unread. */
const WANTED = new Set([
  'class',
  'href',
  'src',
  'alt',
  'type',
  'checked',
  'data-section-style',
  'data-is-slack',
]);
const MAX_ATTRIBUTE = 2048;

export interface ConvertLimits {
  /** Characters of text at most: the document is read no further once they are written. */
  maxChars: number;
  /** Epoch ms at which reading stops, keeping the text written so far. */
  stopAt: number;
}

export interface Converted {
  text: string;
  /** Whether the whole document was read; else `stoppedBy` says which limit ended it. */
  complete: boolean;
  stoppedBy?: 'time' | 'size';
  /** Characters of HTML read (the whole document when complete). */
  readChars: number;
}

const lower = (s: string) => s.toLowerCase();

/**
 * An HTML document (a canvas, an uploaded page) as Markdown-like text for a model: headings, lists (Slack's
 * canvas lists, `data-section-style` 5/6/7, and checklists `[x]`/`[ ]`), links, tables, code and quotes
 * kept; scripts, styles and the page head dropped; Slack emoji as `:name:`. Read in one pass by
 * htmlparser2's tokenizer (a state machine: no tree, no recursion), our own bounded stack of at most
 * MAX_HTML_DEPTH open elements, and a writer that only appends: time and memory linear in the document,
 * any nesting depth safe. Stops at `limits` with what it has.
 */
export function htmlToText(html: string, limits: ConvertLimits): Converted {
  const state: ReadState = {
    writer: new MarkdownWriter(),
    stack: [],
    lists: 0,
    tables: 0,
    pre: 0,
    ignored: 0,
    links: 0,
    openCount: new Map(),
  };
  const overflow = new Map<string, number>();
  let tag = '';
  let attrs = new Map<string, string>();
  let attrName = '';
  let attrValue = '';
  let read = 0;
  let tokens = 0;
  let stoppedBy: Converted['stoppedBy'];

  // The size at every token (so the text ends within one token's markup of the limit), the clock now and then.
  const check = (at: number) => {
    read = at;
    if (state.writer.length >= limits.maxChars) stoppedBy ??= 'size';
    else if (++tokens % CHECK_EVERY === 0 && Date.now() >= limits.stopAt) stoppedBy ??= 'time';
    if (stoppedBy) tokenizer.pause();
  };
  // Text and entities between two tags are written as one piece.
  const pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const s = pending.length === 1 ? (pending[0] as string) : pending.join('');
    pending.length = 0;
    text(s);
  };
  const text = (s: string) => {
    if (state.ignored > 0 || (state.tables > 0 && !state.writer.inCell && !s.trim())) return;
    let rest = s;
    if (state.emojiEcho) {
      const trimmed = rest.trimStart();
      if (trimmed.startsWith(state.emojiEcho)) rest = trimmed.slice(state.emojiEcho.length);
      if (trimmed) state.emojiEcho = undefined;
    }
    // One text may be the whole document: what is past the size limit is not written.
    const room = limits.maxChars - state.writer.length;
    if (rest.length > room) {
      rest = rest.slice(0, Math.max(0, room));
      stoppedBy ??= 'size';
      tokenizer.pause();
    }
    state.writer.text(rest);
  };
  const open = () => {
    const name = tag;
    const rule = RULES.get(name) ?? ANY;
    rule.before?.(state, attrs);
    if (rule.void) {
      rule.open?.(state, attrs, name);
      return;
    }
    if (state.stack.length >= MAX_HTML_DEPTH) {
      overflow.set(name, (overflow.get(name) ?? 0) + 1);
      if (rule.ignore) state.ignored++;
      return;
    }
    const parent = state.stack[state.stack.length - 1];
    const entry: Open = {
      name,
      rule,
      attrs,
      sectionStyle: attrs.get('data-section-style') ?? parent?.sectionStyle,
    };
    state.stack.push(entry);
    state.openCount.set(name, (state.openCount.get(name) ?? 0) + 1);
    if (rule.ignore) state.ignored++;
    rule.open?.(state, attrs, name, entry);
  };
  const close = (name: string) => {
    const deep = overflow.get(name) ?? 0;
    if (deep > 0) {
      overflow.set(name, deep - 1);
      if (RULES.get(name)?.ignore) state.ignored = Math.max(0, state.ignored - 1);
      return;
    }
    if (!state.openCount.get(name)) return;
    closeTo(state, name);
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => {
        check(end);
        pending.push(html.slice(start, end));
      },
      ontextentity: (codepoint, end) => {
        check(end);
        pending.push(String.fromCodePoint(codepoint));
      },
      onopentagname: (start, end) => {
        check(end);
        flush();
        tag = lower(html.slice(start, Math.min(end, start + 40)));
        attrs = new Map();
      },
      onattribname: (start, end) => {
        attrName = end - start <= 40 ? lower(html.slice(start, end)) : '';
        attrValue = '';
      },
      onattribdata: (start, end) => {
        if (WANTED.has(attrName) && attrValue.length < MAX_ATTRIBUTE)
          attrValue += html.slice(start, Math.min(end, start + MAX_ATTRIBUTE - attrValue.length));
      },
      onattribentity: (codepoint) => {
        if (WANTED.has(attrName) && attrValue.length < MAX_ATTRIBUTE)
          attrValue += String.fromCodePoint(codepoint);
      },
      onattribend: () => {
        if (WANTED.has(attrName)) attrs.set(attrName, attrValue);
      },
      onopentagend: (end) => {
        check(end);
        open();
      },
      onselfclosingtag: (end) => {
        check(end);
        open();
        if (!RULES.get(tag)?.void) close(tag);
      },
      onclosetag: (start, end) => {
        check(end);
        flush();
        close(lower(html.slice(start, Math.min(end, start + 40))));
      },
      oncdata: (_start, end) => check(end),
      oncomment: (_start, end) => check(end),
      ondeclaration: (_start, end) => check(end),
      onprocessinginstruction: (_start, end) => check(end),
      onend: () => {},
    },
  );
  tokenizer.write(html);
  if (!stoppedBy) tokenizer.end();
  flush();
  while (state.stack.length > 0) popOne(state);
  const out = state.writer.finish();
  return stoppedBy
    ? { text: out, complete: false, stoppedBy, readChars: read }
    : { text: out, complete: true, readChars: html.length };
}

const MENTION = /<([@#])([UWCGD][A-Z0-9]{2,40})(?:\|([^<>\n]{0,255}))?>/g;

export interface MentionNames {
  users: Map<string, string>;
  channels: Map<string, string>;
}

/**
 * Users (`<@U…>`, `<@U…|name>`) and channels (`<#C…>`) a text mentions (an HTML document's text once
 * converted: `&lt;@U…&gt;` reads `<@U…>`). A label is at most 255 characters, so the pattern costs time
 * linear in the text, whatever it holds (half-typed mentions included).
 */
export function mentionIds(text: string): { users: string[]; channels: string[] } {
  const users = new Set<string>();
  const channels = new Set<string>();
  for (const m of text.matchAll(MENTION)) (m[1] === '@' ? users : channels).add(m[2] as string);
  return { users: [...users], channels: [...channels] };
}

/** `<@U…>` as `@name` and `<#C…>` as `#name` where a name is known (else the label Slack wrote, else the id). */
export function nameMentions(text: string, names: MentionNames): string {
  return text.replace(
    MENTION,
    (_, sigil: string, id: string, label?: string) =>
      `${sigil}${(sigil === '@' ? names.users : names.channels).get(id) ?? label ?? id}`,
  );
}

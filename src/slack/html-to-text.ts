import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { TagAttributes } from './html-attributes.js';
import { ReadBudget, type StopReason } from './html-budget.js';
import { ANY, RULES, withoutEmojiEcho } from './html-rules.js';
import { closeTo, type Open, popOne, type ReadState } from './html-state.js';
import { TextRun } from './html-text-run.js';
import { MarkdownWriter } from './markdown-writer.js';

/** Elements open at once at most: deeper ones are read as their text (browsers cap depth the same way). */
export const MAX_HTML_DEPTH = 128;
/** Tag names are read up to this many characters (longer ones are no element we know). */
const MAX_TAG_NAME = 40;

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
  stoppedBy?: StopReason;
  /** Characters of HTML read (the whole document when complete; when cut at the size limit, up to the cut). */
  readChars: number;
}

const tagName = (html: string, start: number, end: number) =>
  html.slice(start, Math.min(end, start + MAX_TAG_NAME)).toLowerCase();

/**
 * One document being read (see htmlToText): htmlparser2's tokenizer calls the `on…` methods token by token;
 * text between tags is gathered in a TextRun and written at the next tag; elements open and close through
 * their rules (html-rules.ts) on a stack of at most MAX_HTML_DEPTH; every token is measured against the
 * ReadBudget, and the tokenizer is paused once a limit is reached.
 */
class HtmlReader implements TokenizerCallbacks {
  readonly #state: ReadState = {
    writer: new MarkdownWriter(),
    stack: [],
    lists: 0,
    tables: 0,
    pre: 0,
    ignored: 0,
    links: 0,
    openCount: new Map(),
  };
  readonly #budget: ReadBudget;
  readonly #run = new TextRun();
  readonly #attributes = new TagAttributes();
  readonly #tokenizer = new Tokenizer({ decodeEntities: true }, this);
  /** Elements opened past MAX_HTML_DEPTH, by name: a close tag ends one of them before any on the stack. */
  readonly #deep = new Map<string, number>();
  #tag = '';

  constructor(
    private readonly html: string,
    limits: ConvertLimits,
  ) {
    this.#budget = new ReadBudget(limits.maxChars, limits.stopAt);
  }

  read(): Converted {
    this.#tokenizer.write(this.html);
    if (!this.#budget.stoppedBy) this.#tokenizer.end();
    this.#flush();
    while (this.#state.stack.length > 0) popOne(this.#state);
    const text = this.#state.writer.finish();
    const { stoppedBy, read } = this.#budget;
    return stoppedBy
      ? { text, complete: false, stoppedBy, readChars: read }
      : { text, complete: true, readChars: this.html.length };
  }

  ontext(start: number, end: number): void {
    this.#token(end);
    this.#run.add(this.html.slice(start, end), end);
  }

  ontextentity(codepoint: number, end: number): void {
    this.#token(end);
    this.#run.add(String.fromCodePoint(codepoint), end);
  }

  onopentagname(start: number, end: number): void {
    this.#token(end);
    this.#flush();
    this.#tag = tagName(this.html, start, end);
    this.#attributes.startTag();
  }

  onattribname(start: number, end: number): void {
    this.#attributes.name(this.html, start, end);
  }

  onattribdata(start: number, end: number): void {
    this.#attributes.data(this.html, start, end);
  }

  onattribentity(codepoint: number): void {
    this.#attributes.entity(codepoint);
  }

  onattribend(): void {
    this.#attributes.end();
  }

  onopentagend(end: number): void {
    this.#token(end);
    this.#open();
  }

  onselfclosingtag(end: number): void {
    this.#token(end);
    this.#open();
    if (!RULES.get(this.#tag)?.void) this.#close(this.#tag);
  }

  onclosetag(start: number, end: number): void {
    this.#token(end);
    this.#flush();
    this.#close(tagName(this.html, start, end));
  }

  oncdata(_start: number, end: number): void {
    this.#token(end);
  }

  oncomment(_start: number, end: number): void {
    this.#token(end);
  }

  ondeclaration(_start: number, end: number): void {
    this.#token(end);
  }

  onprocessinginstruction(_start: number, end: number): void {
    this.#token(end);
  }

  onend(): void {}

  /** Every token: measured against the limits, and reading paused once one is reached. */
  #token(end: number): void {
    if (!this.#budget.token(end, this.#state.writer.length)) this.#tokenizer.pause();
  }

  /** The text gathered since the last tag, written as one piece. */
  #flush(): void {
    if (this.#run.empty) return;
    this.#write(this.#run.text());
    this.#run.clear();
  }

  /** Text for a reader (none inside ignored elements, nor between table cells), cut at the size limit. */
  #write(text: string): void {
    const state = this.#state;
    if (state.ignored > 0 || (state.tables > 0 && !state.writer.inCell && !text.trim())) return;
    let rest = withoutEmojiEcho(state, text);
    // One text may be the whole document: what is past the size limit is neither written nor counted as read.
    const room = this.#budget.room(state.writer.length);
    if (rest.length > room) {
      const kept = Math.max(0, room);
      this.#budget.cut(this.#run.sourceAt(text.length - rest.length + kept));
      this.#tokenizer.pause();
      rest = rest.slice(0, kept);
    }
    state.writer.text(rest);
  }

  /** The tag just read opens its element: its rule runs, and it is pushed (past MAX_HTML_DEPTH, counted). */
  #open(): void {
    const state = this.#state;
    const name = this.#tag;
    const attrs = this.#attributes.map;
    const rule = RULES.get(name) ?? ANY;
    rule.before?.(state, attrs);
    if (rule.void) {
      rule.open?.(state, attrs, name);
      return;
    }
    if (rule.ignore) state.ignored++;
    if (state.stack.length >= MAX_HTML_DEPTH) {
      this.#deep.set(name, (this.#deep.get(name) ?? 0) + 1);
      return;
    }
    const parent = state.stack[state.stack.length - 1];
    const sectionStyle = attrs.get('data-section-style') ?? parent?.sectionStyle;
    const entry: Open = { name, rule, attrs, sectionStyle };
    state.stack.push(entry);
    state.openCount.set(name, (state.openCount.get(name) ?? 0) + 1);
    rule.open?.(state, attrs, name, entry);
  }

  /** A close tag: it ends the deepest element of its name (one past MAX_HTML_DEPTH first), if any is open. */
  #close(name: string): void {
    const deep = this.#deep.get(name) ?? 0;
    if (deep > 0) {
      this.#deep.set(name, deep - 1);
      if (RULES.get(name)?.ignore) this.#state.ignored = Math.max(0, this.#state.ignored - 1);
      return;
    }
    if (this.#state.openCount.get(name)) closeTo(this.#state, name);
  }
}

/**
 * An HTML document (a canvas, an uploaded page) as Markdown-like text for a model: headings, lists (Slack's
 * canvas lists, `data-section-style` 5/6/7, and checklists `[x]`/`[ ]`), links, tables, code and quotes
 * kept; scripts, styles and the page head dropped; Slack emoji as `:name:`. Read in one pass by
 * htmlparser2's tokenizer (a state machine: no tree, no recursion), our own bounded stack of at most
 * MAX_HTML_DEPTH open elements, and a writer that only appends: time and memory linear in the document,
 * any nesting depth safe. Stops at `limits` with what it has.
 */
export function htmlToText(html: string, limits: ConvertLimits): Converted {
  return new HtmlReader(html, limits).read();
}

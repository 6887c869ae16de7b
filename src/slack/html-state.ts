import type { MarkdownWriter } from './markdown-writer.js';

/** How one element is read: what it writes when it opens and closes, and what it closes first. */
export interface ElementRule {
  /** Has no content and no close tag (`<br>`, `<img>`). */
  void?: boolean;
  /** Its content is not text for a reader (`<script>`, `<head>`). */
  ignore?: boolean;
  /** Run before the element opens: the elements it ends (a `<p>` ends an open `<p>`). */
  before?(state: ReadState, attrs: Map<string, string>): void;
  open?(state: ReadState, attrs: Map<string, string>, name: string, entry?: Open): void;
  close?(state: ReadState, entry: Open): void;
}

/** One open element: its rule, and the canvas list style (`data-section-style`) it is inside. */
export interface Open {
  name: string;
  rule: ElementRule;
  attrs: Map<string, string>;
  sectionStyle: string | undefined;
  list?: { ordered: boolean; checklist: boolean; count: number; level: number };
  /** Whether it opened an inline mark or a link, to be closed with it. */
  marked?: boolean;
}

/** What element rules see and change while a document is read. */
export interface ReadState {
  writer: MarkdownWriter;
  stack: Open[];
  /** Lists open (for indentation), tables open (only the outermost has rows), `pre` and ignored elements open. */
  lists: number;
  tables: number;
  pre: number;
  ignored: number;
  links: number;
  /** Open elements by name, so a close tag with none open costs nothing. */
  openCount: Map<string, number>;
  /** `:name:` of a Slack emoji image: its `<img>` is followed by the same text, which is dropped once. */
  emojiEcho?: string;
}

/** Closes open elements down to the innermost `name`. */
export function closeTo(state: ReadState, name: string): void {
  for (let i = state.stack.length - 1; i >= 0; i--) {
    if (state.stack[i]?.name !== name) continue;
    while (state.stack.length > i) popOne(state);
    return;
  }
}

export function popOne(state: ReadState): void {
  const entry = state.stack.pop();
  if (!entry) return;
  state.openCount.set(entry.name, (state.openCount.get(entry.name) ?? 1) - 1);
  if (entry.rule.ignore) state.ignored = Math.max(0, state.ignored - 1);
  entry.rule.close?.(state, entry);
}

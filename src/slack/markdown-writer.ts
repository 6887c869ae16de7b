/** Deepest list indentation written: deeper items are indented as this level is. */
const MAX_INDENT_LEVELS = 8;
const SPACES = /\s+/g;
const ZERO_WIDTH = /\u200b/g;

type Mark = { open: string; close: string; opened: boolean };
type Item = { indent: string; marker: string; used: boolean };
type Table = { row: string[] | undefined; rows: number; cell: string[] | undefined };

/**
 * Markdown-like text written as an HTML document is read, in one pass: whitespace collapsed, blocks
 * separated by at most one blank line, list items indented and marked, inline marks (`**`, `_`, `~~`,
 * backticks, links) written only around text, tables as pipe rows. Every call is O(its own input), so a
 * document's text costs time linear in its size: nothing is ever rescanned or rewritten.
 */
export class MarkdownWriter {
  readonly #parts: string[] = [];
  #length = 0;
  #newlines = 0;
  #space = false;
  #started = false;
  #lead = '';
  #pre = false;
  #preFresh = false;
  #quotes = 0;
  readonly #items: Item[] = [];
  readonly #marks: Mark[] = [];
  #table: Table | undefined;

  /** Whether text now goes into a table cell. */
  get inCell(): boolean {
    return this.#table?.cell !== undefined;
  }

  /** Characters written so far. */
  get length(): number {
    return this.#length;
  }

  /** Text as it reads in the document (collapsed outside `pre`). */
  text(raw: string): void {
    const s = raw.includes('\u200b') ? raw.replace(ZERO_WIDTH, '') : raw;
    if (!s) return;
    if (this.#pre && !this.#table) {
      this.#preText(s);
      return;
    }
    const collapsed = s.replace(SPACES, ' ');
    const words = collapsed.trim();
    if (collapsed.startsWith(' ')) this.#space = true;
    if (words) this.#word(words);
    if (words && collapsed.endsWith(' ')) this.#space = true;
  }

  /** A break between blocks: `lines` newlines (1, or 2 for a blank line) before what comes next. */
  block(lines: 1 | 2): void {
    if (this.#table?.cell) {
      this.#space = true;
      return;
    }
    if (this.#started) this.#newlines = Math.max(this.#newlines, lines);
    this.#space = false;
  }

  /** `<br>`: a line break (two make a blank line). */
  lineBreak(): void {
    if (this.#pre && !this.#table) {
      this.#preText('\n');
      return;
    }
    if (this.#table?.cell) {
      this.#space = true;
      return;
    }
    if (this.#started) this.#newlines = Math.min(2, this.#newlines + 1);
    this.#space = false;
  }

  /** Written before the next text of this block (a heading's `## `). */
  lead(text: string): void {
    this.#lead = text;
  }

  /** A block of its own (`---`). */
  rule(text: string): void {
    this.block(2);
    this.#word(text, false);
    this.block(2);
  }

  /** An inline mark around the text written until `endMark` (nothing when no text comes). */
  startMark(open: string, close: string): void {
    this.#marks.push({ open, close, opened: false });
  }

  endMark(): void {
    const mark = this.#marks.pop();
    if (mark?.opened) this.#write(mark.close);
  }

  /** A list item: its lines indented `level` steps, the first after `marker` (`- `, `3. `, `- [x] `). */
  startItem(level: number, marker: string): void {
    this.block(1);
    const indent = '  '.repeat(Math.min(level, MAX_INDENT_LEVELS));
    this.#items.push({ indent, marker, used: false });
  }

  /** Changes the marker of an item no text has been written in yet (a checkbox read after `<li>`). */
  itemMarker(marker: string): void {
    const item = this.#items[this.#items.length - 1];
    if (item && !item.used) item.marker = marker;
  }

  endItem(): void {
    this.#items.pop();
    this.block(1);
  }

  startQuote(): void {
    this.block(2);
    this.#quotes++;
  }

  endQuote(): void {
    this.#quotes = Math.max(0, this.#quotes - 1);
    this.block(2);
  }

  startPre(): void {
    this.block(2);
    this.#word('```', false);
    this.#pre = true;
    this.#preFresh = true;
    this.#newlines = 1;
  }

  endPre(): void {
    this.#pre = false;
    this.#newlines = 1;
    this.#word('```', false);
    this.block(2);
  }

  startTable(): void {
    this.block(2);
    this.#table = { row: undefined, rows: 0, cell: undefined };
  }

  startRow(): void {
    if (!this.#table) return;
    this.endRow();
    this.#table.row = [];
  }

  startCell(): void {
    if (!this.#table) return;
    this.endCell();
    this.#table.row ??= [];
    this.#table.cell = [];
    this.#space = false;
  }

  endCell(): void {
    const table = this.#table;
    if (!table?.cell) return;
    this.#closeMarks();
    const text = table.cell.join('').trim().replaceAll('|', '\\|');
    table.cell = undefined;
    table.row?.push(text);
    this.#space = false;
  }

  endRow(): void {
    const table = this.#table;
    if (!table?.row) return;
    this.endCell();
    const cells = table.row;
    table.row = undefined;
    // Canvases end tables with a row of empty cells: a row with no text says nothing.
    if (cells.every((cell) => !cell)) return;
    this.block(1);
    this.#word(`| ${cells.join(' | ')} |`, false);
    if (table.rows++ === 0) {
      this.block(1);
      this.#word(`| ${cells.map(() => '---').join(' | ')} |`, false);
    }
  }

  endTable(): void {
    this.endRow();
    this.#table = undefined;
    this.block(2);
  }

  /** The text written, marks left open closed. */
  finish(): string {
    this.endTable();
    for (let i = this.#marks.length - 1; i >= 0; i--) {
      const mark = this.#marks[i] as Mark;
      if (mark.opened) this.#write(mark.close);
    }
    return this.#parts.join('').trim();
  }

  /** `word` after any pending break or space; inside the inline marks unless it is structure (`marks` false). */
  #word(word: string, marks = true): void {
    const cell = this.#table?.cell;
    if (cell) {
      if (this.#space && cell.length > 0) cell.push(' ');
      this.#space = false;
      if (marks) this.#openMarks();
      cell.push(word);
      this.#length += word.length + 1;
      return;
    }
    if (this.#newlines > 0) {
      this.#closeMarks();
      this.#write('\n'.repeat(this.#newlines));
      this.#newlines = 0;
      this.#write(this.#prefix());
    } else if (!this.#started) {
      this.#write(this.#prefix());
    } else if (this.#space) {
      this.#write(' ');
    }
    this.#space = false;
    this.#started = true;
    if (this.#lead) {
      this.#write(this.#lead);
      this.#lead = '';
    }
    if (marks) this.#openMarks();
    else this.#closeMarks();
    this.#write(word);
  }

  #preText(s: string): void {
    const lines = s.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) {
        if (this.#preFresh) this.#preFresh = false;
        else this.#newlines = Math.min(2, this.#newlines + 1);
      }
      const line = lines[i] as string;
      if (!line) continue;
      this.#preFresh = false;
      if (this.#newlines > 0) {
        this.#write('\n'.repeat(this.#newlines));
        this.#newlines = 0;
        this.#write(this.#prefix());
      }
      this.#write(line);
    }
  }

  /** What starts a line here: quote marks, then the item's marker (first line) or its indentation. */
  #prefix(): string {
    const quotes = '> '.repeat(Math.min(this.#quotes, MAX_INDENT_LEVELS));
    const item = this.#items[this.#items.length - 1];
    if (!item) return quotes;
    if (item.used) return quotes + item.indent + ' '.repeat(item.marker.length);
    item.used = true;
    return quotes + item.indent + item.marker;
  }

  #openMarks(): void {
    for (const mark of this.#marks) {
      if (mark.opened) continue;
      mark.opened = true;
      this.#write(mark.open);
    }
  }

  /** Marks cannot span lines: closed before a newline, opened again before the next text. */
  #closeMarks(): void {
    for (let i = this.#marks.length - 1; i >= 0; i--) {
      const mark = this.#marks[i] as Mark;
      if (!mark.opened) continue;
      mark.opened = false;
      this.#write(mark.close);
    }
  }

  #write(s: string): void {
    if (!s) return;
    const cell = this.#table?.cell;
    if (cell) cell.push(s);
    else this.#parts.push(s);
    this.#length += s.length;
  }
}

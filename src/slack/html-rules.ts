import { closeTo, type ElementRule, type Open, type ReadState } from './html-state.js';

/** `name` when it is open above the innermost of `bounds` (the scope it may be closed in), then closed. */
function endOpen(state: ReadState, name: string, bounds: readonly string[]): void {
  if (!state.openCount.get(name)) return;
  for (let i = state.stack.length - 1; i >= 0; i--) {
    const at = state.stack[i]?.name as string;
    if (at === name) {
      closeTo(state, name);
      return;
    }
    if (bounds.includes(at)) return;
  }
}

const P_SCOPE = ['table', 'td', 'th', 'li', 'blockquote', 'button', 'template'] as const;
const endP = (state: ReadState) => endOpen(state, 'p', P_SCOPE);

const block = (lines: 1 | 2): ElementRule => ({
  before: endP,
  open: (state) => state.writer.block(lines),
  close: (state) => state.writer.block(lines),
});

/** An inline mark (`**`, `_`, `~~`, backticks): written by the outermost of its kind only, never in `pre`. */
const mark = (text: string, kinds: readonly string[]): ElementRule => ({
  open(state, _attrs, _name, entry) {
    const open = kinds.reduce((n, k) => n + (state.openCount.get(k) ?? 0), 0);
    if (!entry || open > 1 || state.pre > 0) return;
    entry.marked = true;
    state.writer.startMark(text, text);
  },
  close(state, entry) {
    if (entry.marked) state.writer.endMark();
  },
});

const SAFE_LINK = /^(https?:|mailto:)/i;
const link: ElementRule = {
  open(state, attrs, _name, entry) {
    const href = attrs.get('href')?.trim();
    if (!entry || !href || !SAFE_LINK.test(href) || state.links > 0 || state.pre > 0) return;
    entry.marked = true;
    state.links++;
    state.writer.startMark('[', `](${href.replace(/\s/g, '%20')})`);
  },
  close(state, entry) {
    if (!entry.marked) return;
    state.links--;
    state.writer.endMark();
  },
};

const classes = (attrs: Map<string, string>) => ` ${attrs.get('class') ?? ''} `;
const hasClass = (attrs: Map<string, string>, name: string) => classes(attrs).includes(` ${name} `);

/** `ul`/`ol`, and a Slack canvas list: `<div data-section-style='5|6|7'><ul>` (bullets, numbered, checklist). */
const list: ElementRule = {
  before: endP,
  open(state, attrs, name, entry) {
    if (!entry) return;
    entry.list = {
      ordered: name === 'ol' || entry.sectionStyle === '6',
      checklist: entry.sectionStyle === '7' || hasClass(attrs, 'checklist'),
      count: 0,
      level: state.lists,
    };
    state.lists++;
    state.writer.block(state.lists === 1 ? 2 : 1);
  },
  close(state, entry) {
    if (!entry.list) return;
    state.lists--;
    state.writer.block(state.lists === 0 ? 2 : 1);
  },
};

function innermostList(state: ReadState): Open['list'] | undefined {
  for (let i = state.stack.length - 2; i >= 0; i--) {
    const list = state.stack[i]?.list;
    if (list) return list;
  }
  return undefined;
}

/** A list item: `- `, `3. `, or in a checklist `- [x] ` (Slack marks a ticked item `class='checked'`). */
const item: ElementRule = {
  before: (state) => endOpen(state, 'li', ['ul', 'ol', 'table']),
  open(state, attrs) {
    const list = innermostList(state);
    const checked = hasClass(attrs, 'checked');
    const marker = list?.ordered
      ? `${++list.count}. `
      : list?.checklist || checked
        ? `- [${checked ? 'x' : ' '}] `
        : '- ';
    state.writer.startItem(list?.level ?? 0, marker);
  },
  close: (state) => state.writer.endItem(),
};

/** `<input type=checkbox>` at the start of a list item marks it (HTML exports other than Slack's). */
const input: ElementRule = {
  void: true,
  open(state, attrs) {
    if (attrs.get('type')?.toLowerCase() !== 'checkbox' || !state.openCount.get('li')) return;
    if (innermostList(state)?.ordered) return;
    state.writer.itemMarker(attrs.has('checked') ? '- [x] ' : '- [ ] ');
  },
};

const EMOJI_ALT = /^:?([\w+-]{1,100}):?$/;

/** Slack emoji (`<img data-is-slack alt="miro">:miro:</img>` in a canvas) as `:miro:`; other images as `![alt](src)`. */
const image: ElementRule = {
  void: true,
  open(state, attrs) {
    if (state.ignored > 0) return;
    const alt = attrs.get('alt')?.trim() ?? '';
    const emoji = EMOJI_ALT.exec(alt);
    if (emoji && (attrs.has('data-is-slack') || alt.startsWith(':'))) {
      const name = `:${emoji[1]}:`;
      state.writer.text(name);
      state.emojiEcho = name;
      return;
    }
    const src = attrs.get('src')?.trim() ?? '';
    if (SAFE_LINK.test(src)) state.writer.text(`![${alt}](${src.replace(/\s/g, '%20')})`);
    else if (alt) state.writer.text(`![${alt}]`);
  },
};

/** `text` less the echo of the Slack emoji just written (`:miro:` after its `<img>`), dropped once if it comes next. */
export function withoutEmojiEcho(state: ReadState, text: string): string {
  const echo = state.emojiEcho;
  if (!echo) return text;
  const trimmed = text.trimStart();
  if (trimmed) state.emojiEcho = undefined;
  return trimmed.startsWith(echo) ? trimmed.slice(echo.length) : text;
}

const heading = (level: number): ElementRule => ({
  before: endP,
  open(state) {
    state.writer.block(2);
    state.writer.lead(`${'#'.repeat(level)} `);
  },
  close(state) {
    state.writer.lead('');
    state.writer.block(2);
  },
});

const TABLE_SCOPE = ['table'] as const;
/** Rows and cells of the outermost table only: a table inside a cell reads as that cell's text. */
const outermost = (state: ReadState) => state.tables === 1;

/** What any element without a rule of its own does: nothing but hold its content. */
export const ANY: ElementRule = {};

export const RULES = new Map<string, ElementRule>([
  ['br', { void: true, open: (state) => state.ignored === 0 && state.writer.lineBreak() }],
  ['hr', { void: true, before: endP, open: (state) => state.ignored === 0 && state.writer.rule('---') }],
  ['img', image],
  ['input', input],
  ['p', block(2)],
  ['ul', list],
  ['ol', list],
  ['li', item],
  ['dt', block(1)],
  ['dd', block(1)],
  [
    'blockquote',
    { before: endP, open: (state) => state.writer.startQuote(), close: (state) => state.writer.endQuote() },
  ],
  [
    'pre',
    {
      before: endP,
      open: (state) => state.pre++ === 0 && state.writer.startPre(),
      close: (state) => --state.pre === 0 && state.writer.endPre(),
    },
  ],
  ['b', mark('**', ['b', 'strong'])],
  ['strong', mark('**', ['b', 'strong'])],
  ['i', mark('_', ['i', 'em'])],
  ['em', mark('_', ['i', 'em'])],
  ['del', mark('~~', ['del', 's', 'strike'])],
  ['s', mark('~~', ['del', 's', 'strike'])],
  ['strike', mark('~~', ['del', 's', 'strike'])],
  ['code', mark('`', ['code'])],
  ['a', link],
  ['lnk', link],
  [
    'table',
    {
      before: endP,
      open: (state) => state.tables++ === 0 && state.writer.startTable(),
      close: (state) => --state.tables === 0 && state.writer.endTable(),
    },
  ],
  [
    'tr',
    {
      before: (state) => outermost(state) && endOpen(state, 'tr', TABLE_SCOPE),
      open: (state) => outermost(state) && state.writer.startRow(),
      close: (state) => outermost(state) && state.writer.endRow(),
    },
  ],
  ...(['td', 'th'] as const).map((name): [string, ElementRule] => [
    name,
    {
      before(state) {
        if (!outermost(state)) return;
        endOpen(state, 'td', ['tr', 'table']);
        endOpen(state, 'th', ['tr', 'table']);
      },
      open: (state) => outermost(state) && state.writer.startCell(),
      close: (state) => outermost(state) && state.writer.endCell(),
    },
  ]),
  ...[1, 2, 3, 4, 5, 6].map((n): [string, ElementRule] => [`h${n}`, heading(n)]),
  ...[
    'div',
    'section',
    'article',
    'header',
    'footer',
    'main',
    'nav',
    'aside',
    'figure',
    'figcaption',
    'address',
    'details',
    'summary',
    'dl',
    'form',
    'fieldset',
    'center',
    'caption',
  ].map((name): [string, ElementRule] => [name, block(2)]),
  ...['area', 'base', 'col', 'embed', 'link', 'meta', 'param', 'source', 'track', 'wbr'].map(
    (name): [string, ElementRule] => [name, { void: true }],
  ),
  ...[
    'head',
    'script',
    'style',
    'title',
    'template',
    'noscript',
    'svg',
    'math',
    'iframe',
    'object',
    'canvas',
    'audio',
    'video',
    'select',
    'textarea',
    'datalist',
    'map',
    'button',
    'noembed',
    'noframes',
  ].map((name): [string, ElementRule] => [name, { ignore: true }]),
]);

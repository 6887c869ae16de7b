import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText, MAX_HTML_DEPTH } from '../../src/slack/html-to-text.js';
import { mentionIds, nameMentions } from '../../src/slack/mentions.js';
import { CANVAS_REAL_HTML, CANVAS_REAL_TEXT } from '../fixtures/slack-canvas-real.js';

const open = { maxChars: 2_000_000, stopAt: Date.now() + 60_000 };
const text = (html: string) => htmlToText(html, { ...open, stopAt: Date.now() + 60_000 }).text;

describe('htmlToText', () => {
  it('reads a canvas as Slack exports it: Quip lists (5/6/7), checklists, nested lists, emoji, tables, code', () => {
    expect(htmlToText(CANVAS_REAL_HTML, open)).toEqual({
      text: CANVAS_REAL_TEXT,
      complete: true,
      readChars: CANVAS_REAL_HTML.length,
    });
  });

  it('reads the other checklists too: ul.checklist with li.checked, and checkbox inputs', () => {
    expect(
      text(
        '<ul class="checklist"><li class="checked">a</li><li>b</li></ul><ul><li><input type="checkbox" checked> c</li><li><input type="checkbox">d</li></ul>',
      ),
    ).toBe('- [x] a\n- [ ] b\n\n- [x] c\n- [ ] d');
  });

  it('drops the head, scripts and styles; decodes entities; keeps mentions as Slack writes them', () => {
    expect(
      text(
        '<html><head><title>T</title><style>p{}</style></head><body><p>a &amp; b &lt;@U0123ABCD&gt;</p><script>x()</script></body></html>',
      ),
    ).toBe('a & b <@U0123ABCD>');
  });

  it(`survives any nesting: elements past ${MAX_HTML_DEPTH} levels are read as their text`, () => {
    expect(text(`${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`)).toBe('deep');
    expect(text(`${'<b>'.repeat(100_000)}x`)).toBe('**x**');
    expect(
      text(`${'<ul><li>a'.repeat(20)}`)
        .split('\n')
        .at(-1),
    ).toBe(`${'  '.repeat(8)}- a`);
  });

  it('stops at maxChars with the text so far, and says so', () => {
    const html = `<p>${'word '.repeat(1000)}</p>`;
    const cut = htmlToText(html, { maxChars: 100, stopAt: Date.now() + 60_000 });
    expect({ text: cut.text, complete: cut.complete, stoppedBy: cut.stoppedBy }).toEqual({
      text: 'word '.repeat(20).trim(),
      complete: false,
      stoppedBy: 'size',
    });
  });

  it('cut at maxChars, counts as read the HTML up to the cut, not the rest of the text it was cut in', () => {
    const read = (html: string, maxChars: number) =>
      htmlToText(html, { maxChars, stopAt: Date.now() + 60_000 }).readChars;
    // `<p>` and 100 characters of the one 5,000-character text.
    expect(read(`<p>${'word '.repeat(1000)}</p>`, 100)).toBe(103);
    // Entities are read whole: ten `&amp;` for ten `&`.
    expect(read('&amp;'.repeat(1000), 10)).toBe(50);
    expect(read(`ab&amp;${'ab&amp;'.repeat(999)}`, 10)).toBe(22);
    // Full before a tag: its text is none of what was read.
    expect(read(`<p>${'x'.repeat(20)}</p><p>${'y'.repeat(1000)}</p>`, 20)).toBe(26);
  });

  it('stops at stopAt with the text so far, and says where', () => {
    const html = '<p>line</p>'.repeat(100_000);
    const cut = htmlToText(html, { maxChars: 2_000_000, stopAt: Date.now() - 1 });
    expect({ complete: cut.complete, stoppedBy: cut.stoppedBy }).toEqual({
      complete: false,
      stoppedBy: 'time',
    });
    expect(cut.readChars).toBeLessThan(html.length);
    expect(cut.text.startsWith('line\n\nline')).toBe(true);
  });
});

describe('htmlToText on any input', () => {
  const piece = fc.constantFrom(
    '<b>',
    '</b>',
    '<p>',
    '</p>',
    '<div>',
    '</div>',
    '<ul>',
    '<li>',
    '</li>',
    '</ul>',
    '<table>',
    '<tr>',
    '<td>',
    '</td>',
    '<pre>',
    '</pre>',
    '<br>',
    '<a href="https://x.example/">',
    '</a>',
    '<script>',
    '</script>',
    '<!--',
    '-->',
    '&lt;@U0123ABCD',
    '&gt;',
    '&amp;',
    "<div data-section-style='7'>",
    "<li class='checked'>",
    'text',
    ' ',
    '\n',
    '<',
    '>',
    '"',
    "'",
    '<img alt="x" data-is-slack>',
    '<input type=checkbox checked>',
    '<h2>',
    '</h2>',
  );
  it('never throws, always completes, and keeps to its size limit', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 400 }),
        fc.integer({ min: 1, max: 500 }),
        (pieces, maxChars) => {
          const html = pieces.join('');
          const out = htmlToText(html, { maxChars, stopAt: Date.now() + 60_000 });
          // Within one token's markup (here a link's close, at most 22 characters) and the marks left open.
          expect(out.text.length).toBeLessThanOrEqual(maxChars + 60);
          expect(out.complete || out.stoppedBy === 'size').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('mentions', () => {
  it('finds and names mentions; half-typed ones are text', () => {
    const t = '<@U0123ABCD> in <#C0123ABCD|deploys> and <#C0999ZZZZ>; <@UAAAA|'.repeat(2);
    expect(mentionIds(t)).toEqual({ users: ['U0123ABCD'], channels: ['C0123ABCD', 'C0999ZZZZ'] });
    const names = { users: new Map([['U0123ABCD', 'maya']]), channels: new Map<string, string>() };
    expect(nameMentions('<@U0123ABCD> in <#C0123ABCD|deploys> and <#C0999ZZZZ>; <@UAAAA|', names)).toBe(
      '@maya in #deploys and #C0999ZZZZ; <@UAAAA|',
    );
  });

  it('8,000 half-typed mentions are none (the pattern reads each character a bounded number of times)', () => {
    expect(mentionIds('<@UAAAA|'.repeat(8000))).toEqual({ users: [], channels: [] });
  });
});

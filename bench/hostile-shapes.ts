// The HTML files a hostile (or unlucky) workspace member can make, as issue 34 measured them, for
// bench/hostile-files.ts (as files in the fake Slack) and bench/html-convert.ts (2 MB of each, converted).

const MB2 = 2 * 1024 * 1024;
/** `unit` repeated to about `bytes`. */
export const fill = (unit: string, bytes: number) =>
  unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
const lines = (bytes: number) => {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `<p>Line ${i} of the notes</p>\n`;
    out.push(line);
    size += line.length;
  }
  return out.join('');
};
const nested = (bytes: number) => {
  const depth = Math.floor(bytes / 11);
  return `${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}`;
};

export interface HostileShape {
  key: string;
  label: string;
  /** Served as a canvas (quip) rather than an uploaded .html file. */
  canvas?: boolean;
  html: () => string;
  /** The same shape at `bytes` (the converter's bench: 2 MB). */
  sized: (bytes: number) => string;
}

export const HOSTILE_SHAPES: HostileShape[] = [
  {
    key: 'b18k',
    label: '18 KB HTML, <b> × 6,000',
    html: () => '<b>'.repeat(6000),
    sized: (n) => fill('<b>', n),
  },
  {
    key: 'p1.2m',
    label: 'canvas of 40,000 short <p> lines, 1.2 MB',
    canvas: true,
    html: () => lines(1_200_000),
    sized: lines,
  },
  {
    key: 'p2m',
    label: 'canvas of <p> lines, 2 MB',
    canvas: true,
    html: () => lines(MB2 - 100),
    sized: lines,
  },
  {
    key: 'mentions',
    label: '8,000 half-typed mentions &lt;@UAAAA|, 88 KB',
    html: () => '&lt;@UAAAA|'.repeat(8000),
    sized: (n) => fill('&lt;@UAAAA|', n),
  },
  {
    key: 'b8.8k',
    label: '8.8 KB HTML, <b> × 2,933',
    html: () => '<b>'.repeat(2933),
    sized: (n) => fill('<b>', n),
  },
  { key: 'div4000', label: '4,000 nested <div>', html: () => nested(44_000), sized: nested },
];

/** Other shapes the converter is measured on at 2 MB (none was a file in the issue). */
export const MORE_SHAPES: Pick<HostileShape, 'key' | 'label' | 'sized'>[] = [
  { key: 'li-nested', label: 'nested lists <ul><li>x', sized: (n) => fill('<ul><li>x', n) },
  {
    key: 'table',
    label: 'a table of 2-cell rows',
    sized: (n) => `<table>${fill('<tr><td>a</td><td>b</td></tr>', n)}`,
  },
  { key: 'text', label: 'plain words', sized: (n) => fill('word ', n) },
  { key: 'entities', label: 'entities &amp;&lt;&#x41;', sized: (n) => fill('&amp;&lt;&#x41;', n) },
  {
    key: 'close-mismatch',
    label: '<div> × n then </span> × n',
    sized: (n) => fill('<div>', n / 2) + fill('</span>', n / 2),
  },
];

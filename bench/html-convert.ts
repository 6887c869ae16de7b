// `tsx bench/html-convert.ts`: the HTML converter's time for 2 MB of each hostile shape (bench/hostile-shapes.ts),
// in a child process each, median of 3, stopped after LIMIT_S (default 120) s. SERVER_DIR: another checkout's
// converter (before: node-html-markdown behind `htmlToText(html, names)`; after: `htmlToText(html, limits)`).
// BASE_DIR: another checkout's `htmlToText(html, limits)` timed in the same child, the two taking turns
// (ROUNDS, default 7), with the ratio and whether their text is the same.
// CANVAS=1: a real-form canvas (Slack's checklists and emoji) converted instead.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { HOSTILE_SHAPES, MORE_SHAPES } from './hostile-shapes.js';

const dir = process.env.SERVER_DIR ?? resolve(import.meta.dirname, '..');
const base = process.env.BASE_DIR;
const limitS = Number(process.env.LIMIT_S ?? 120);
const bytes = Number(process.env.BYTES ?? 2 * 1024 * 1024);
const only = process.env.SHAPES?.split(',');
const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1] ?? 0;

if (process.argv[2] === '--one' && base) {
  const shape = [...HOSTILE_SHAPES, ...MORE_SHAPES].find((s) => s.key === process.argv[3]);
  const html = shape?.sized(bytes) ?? '';
  const converters = [dir, base].map(
    async (d) => (await import(resolve(d, 'src/slack/html-to-text.ts'))).htmlToText,
  );
  const [ours, theirs] = await Promise.all(converters);
  const limits = () => ({ maxChars: 2_000_000, stopAt: Date.now() + 60_000 });
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < Number(process.env.ROUNDS ?? 7); i++)
    for (const k of i % 2 ? [1, 0] : [0, 1]) {
      const started = performance.now();
      (k ? theirs : ours)(html, limits());
      times[k]?.push(performance.now() - started);
    }
  const [a, b] = [ours(html, limits()), theirs(html, limits())];
  const same = a.text === b.text && a.complete === b.complete && a.stoppedBy === b.stoppedBy;
  const [mine, other] = times.map(median) as [number, number];
  console.log(
    `${(html.length / 1e6).toFixed(2)} MB → ${a.text.length} chars${a.complete ? '' : `, cut by ${a.stoppedBy}`}: median ${Math.round(mine)} ms, base ${Math.round(other)} ms, ratio ${(mine / other).toFixed(2)}${same ? ', the same text' : ', ANOTHER TEXT'}`,
  );
  process.exit(0);
}

if (process.argv[2] === '--one') {
  const shape = [...HOSTILE_SHAPES, ...MORE_SHAPES].find((s) => s.key === process.argv[3]);
  const html = shape?.sized(bytes) ?? '';
  const { htmlToText } = await import(resolve(dir, 'src/slack/html-to-text.ts'));
  const times: number[] = [];
  let out = '';
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    // Before: `htmlToText(html, names)`, async, a string; after: `htmlToText(html, limits)`, { text, complete, … }.
    const both = { users: new Map(), channels: new Map(), maxChars: 2_000_000, stopAt: Date.now() + 60_000 };
    const result = await htmlToText(html, both);
    times.push(performance.now() - started);
    out =
      typeof result === 'string'
        ? `${result.length} chars`
        : `${result.text.length} chars${result.complete ? '' : `, cut by ${result.stoppedBy}`}`;
  }
  console.log(`${(html.length / 1e6).toFixed(2)} MB → ${out}: median ${Math.round(median(times))} ms`);
  process.exit(0);
}

console.log(`converter: ${dir}${base ? `, base: ${base}` : ''}`);
if (process.env.CANVAS) {
  // A canvas in Slack's own export form (test/fixtures/slack-canvas-real.ts), as the converter reads it.
  const { CANVAS_REAL_HTML } = await import('../test/fixtures/slack-canvas-real.js');
  const { htmlToText } = await import(resolve(dir, 'src/slack/html-to-text.ts'));
  const both = { users: new Map(), channels: new Map(), maxChars: 2_000_000, stopAt: Date.now() + 60_000 };
  const result = await htmlToText(CANVAS_REAL_HTML, both);
  console.log(typeof result === 'string' ? result : result.text);
  process.exit(0);
}
for (const shape of [...HOSTILE_SHAPES.filter((s) => s.key !== 'p2m' && s.key !== 'b8.8k'), ...MORE_SHAPES]) {
  if (only && !only.includes(shape.key)) continue;
  const started = performance.now();
  const line = await new Promise<string>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--one', shape.key], {
      env: { ...process.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (c) => {
      text += c;
    });
    child.stderr.on('data', (c) => {
      text += c;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitS * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') done(`stopped after ${limitS} s without an answer`);
      else
        done(
          code === 0
            ? text.trim()
            : `failed: ${
                text
                  .trim()
                  .split('\n')
                  .find((l) => /Error|exceeded/.test(l)) ?? text.slice(0, 200)
              }`,
        );
    });
  });
  console.log(
    `${shape.key} (${shape.label}): ${line} [${Math.round((performance.now() - started) / 1000)} s wall]`,
  );
}

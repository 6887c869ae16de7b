import { afterAll, describe, expect, it } from 'vitest';
import { ConversionFailed, HtmlConversions } from '../../src/reads/read-file/html-conversions.js';

// The conversion threads: shared by identical documents, bounded in queue and time.
const conversions = new HtmlConversions();
afterAll(() => conversions.close());
const soon = () => Date.now() + 10_000;

describe('HtmlConversions', () => {
  it('converts on a worker thread; identical documents at once share one conversion, then it is kept', async () => {
    const html = '<h1>Title</h1><p>Body</p>';
    const [a, b, c] = [1, 2, 3].map(() => conversions.convert(html, soon()));
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(await a).toEqual({ text: '# Title\n\nBody', complete: true, readChars: html.length });
    expect(await conversions.convert(html, soon())).toBe(await a);
  });

  it('answers with the text converted by its time limit, saying so', async () => {
    const quick = new HtmlConversions({ convertMs: 1 });
    try {
      const html = '<p>line</p>'.repeat(200_000);
      const cut = await quick.convert(html, soon());
      expect({ complete: cut.complete, stoppedBy: cut.stoppedBy }).toEqual({
        complete: false,
        stoppedBy: 'time',
      });
    } finally {
      await quick.close();
    }
  });

  it('refuses a conversion when every thread is busy and the queue is full (busy: try again)', async () => {
    const docs = Array.from({ length: 12 }, (_, i) => `<p>${i}</p>${'<p>line</p>'.repeat(150_000)}`);
    const results = await Promise.allSettled(docs.map((html) => conversions.convert(html, soon())));
    const busy = results.filter((r) => r.status === 'rejected');
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((r) => r.reason instanceof ConversionFailed && r.reason.kind === 'busy')).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(9);
  });
});

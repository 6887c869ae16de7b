import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorkspace } from '../../fake-slack/index.js';
import { directories } from '../../src/reads/common-services.js';
import { buildHarness, get, type Harness } from '../helper.js';

// A large workspace's channel directory still loading: the search answers from what is loaded and says so.
// Slack sends at most 100 channels a page here (it may send fewer than the limit asked) and each page late.

let h: Harness;
beforeAll(async () => {
  const workspace = createDemoWorkspace();
  for (let i = 0; i < 450; i++) {
    workspace.channels.push({
      id: `C09BULK${String(i).padStart(4, '0')}`,
      kind: 'public',
      name: `team-${i}`,
      members: [],
      created: 1_740_000_000 + i,
      purpose: i === 449 ? 'the last one' : '',
    });
  }
  h = await buildHarness({ fake: { workspace, maxListPage: 100 } });
});
afterAll(() => h.close());

describe('a directory still loading', () => {
  it('answers from the pages loaded so far, says how much was searched and at what pace, and is complete later', async () => {
    h.slack.inject({ method: 'conversations.list', kind: 'delay', ms: 1000, times: 10 });
    const first = await get(h.app, '/search/channels?query=last');
    expect(first.status).toBe(200);
    const searched = first.body.searched as { entries: number; complete: boolean; per_minute: number };
    expect(searched).toEqual({
      entries: expect.any(Number),
      complete: false,
      per_minute: expect.any(Number),
    });
    expect(first.body.channels).toEqual([]);
    expect(searched.entries).toBeLessThan(450);
    expect(String(first.body.summary)).toBe(
      `Found 0 channels. Searched only the ${searched.entries} channels loaded so far: Slack listed ${searched.per_minute} more in the last minute and is still listing, so search again in a minute for the rest. Try other words, or include_archived.`,
    );
    // The load goes on in the background, at the rate gate's pace, from Slack's cursor: no page twice.
    await h.app.reads.use(directories).settled();
    const later = await get(h.app, '/search/channels?query=last');
    expect(later.body.searched).toEqual({ entries: 456, complete: true });
    expect((later.body.channels as Array<{ name: string }>).map((c) => c.name)).toEqual(['team-449']);
    const pages = h.slack.calls.filter((c) => c.method === 'conversations.list').map((c) => c.params);
    expect(pages.filter((p) => p.types === 'public_channel').map((p) => p.cursor ?? 'first')).toEqual([
      'first',
      ...Array.from({ length: 4 }, () => expect.any(String)),
    ]);
    expect(new Set(pages.map((p) => p.cursor)).size).toBe(pages.length - 1);
  }, 30_000);
});

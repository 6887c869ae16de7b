import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWorkspace } from '../../fake-slack/index.js';
import { directories } from '../../src/reads/common-services.js';
import { buildHarness, get, type Harness } from '../helper.js';

// A large workspace's channel directory still loading: the search answers from what is loaded and says so.

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
  h = await buildHarness({ fake: { workspace } });
});
afterAll(() => h.close());

describe('a directory still loading', () => {
  it('answers from the pages loaded so far, says how much was searched, and is complete later', async () => {
    h.slack.inject({ method: 'conversations.list', kind: 'delay', ms: 2000, times: 10 });
    const first = await get(h.app, '/search/channels?query=last');
    expect(first.status).toBe(200);
    expect(first.body.searched).toMatchObject({ complete: false });
    expect(first.body.channels).toEqual([]);
    expect(String(first.body.summary)).toMatch(
      /^Found 0 channels\. Searched only the \d+ channels loaded so far: the list is still loading from Slack, so search again in a minute for the rest\./,
    );
    const loaded = (first.body.searched as { entries: number }).entries;
    expect(loaded).toBeLessThan(450);
    // The load goes on in the background, at the rate gate's pace.
    await h.app.reads.use(directories).settled();
    const later = await get(h.app, '/search/channels?query=last');
    expect(later.body.searched).toEqual({ entries: 456, complete: true });
    expect((later.body.channels as Array<{ name: string }>).map((c) => c.name)).toEqual(['team-449']);
  }, 30_000);
});

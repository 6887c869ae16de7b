import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../src/errors.js';
import { encodeAcrossCursor, MAX_ACROSS_CURSOR } from '../../src/reads/across-cursor.js';
import {
  type AcrossOptions,
  MAX_READS_PER_SOURCE,
  type SearchSource,
  searchAcross,
} from '../../src/reads/across-workspaces.js';
import type { Workspace } from '../../src/slack-client/types.js';

type Match = Record<string, unknown> & { ts: string; score: number; channel: { id: string }; team: string };

// Slack's own search.messages match (the method's documented example), with our values for what varies.
const example = JSON.parse(
  readFileSync(new URL('../fixtures/slack-real/search-docs-example.json', import.meta.url), 'utf8'),
).body.messages.matches[0] as Match;
const match = (team: string, channel: string, ts: string, score = 0): Match => ({
  ...example,
  team,
  channel: { ...example.channel, id: channel },
  ts,
  score,
  permalink: `https://x.slack.com/archives/${channel}/p${ts.replace('.', '')}`,
});

const access = (token: string) => ({ token, fromCaller: true, deadline: Date.now() + 10_000 });
const hq: Workspace = { id: 'T07GRIDHQ', name: 'Grid HQ', access: access('xoxp-hq') };
const labs: Workspace = { id: 'T07GRIDLAB', name: 'Grid Labs', access: access('xoxp-labs') };
const side: Workspace = { id: 'T0SIDEPRJ', name: 'Side Project', access: access('xoxp-side') };
const one = (w: Workspace): SearchSource => ({ key: w.id, workspaces: [w] });

/** Slack's paging over each workspace's results: `page` numbers as cursors, `per` a page. */
function slackPages(results: Record<string, Match[]>, per: number, calls: string[] = []) {
  return async (source: SearchSource, at: string | undefined) => {
    calls.push(`${source.key}@${at ?? 1}`);
    const all = results[source.key];
    const page = Number(at ?? 1);
    const items = all.slice((page - 1) * per, page * per);
    const more = page * per < all.length;
    return { items, total: all.length, ...(more ? { next: String(page + 1) } : {}) };
  };
}

const byTime = (a: Match, b: Match) => Number(a.ts) > Number(b.ts);
const options = (over: Partial<AcrossOptions<Match>>): AcrossOptions<Match> => ({
  sources: [one(hq), one(labs)],
  cursorParam: 'cursor',
  count: 3,
  deadline: Date.now() + 5_000,
  page: async () => ({ items: [], total: 0 }),
  before: byTime,
  sameAs: (m) => `${m.channel.id}:${m.ts}`,
  homeOf: (m) => m.team,
  ...over,
});

/** Every page from the first to the end: each page's hits as `workspace channel ts`. */
async function walk(opts: AcrossOptions<Match>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await searchAcross({ ...opts, cursor });
    pages.push(page.hits.map((h) => `${h.workspace.name} ${h.item.channel.id} ${h.item.ts}`));
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('searchAcross', () => {
  const results = {
    [hq.id]: [
      match(hq.id, 'C07HQGENRL', '1700000009.000100'),
      match(hq.id, 'C07LAUNCHX', '1700000007.000100'),
      match(hq.id, 'C07HQGENRL', '1700000004.000100'),
      match(hq.id, 'C07HQGENRL', '1700000001.000100'),
    ],
    [labs.id]: [
      match(labs.id, 'C07LABGENR', '1700000008.000100'),
      // #launch-shared's message, written in HQ: also found through Labs.
      match(hq.id, 'C07LAUNCHX', '1700000007.000100'),
      match(labs.id, 'C07LABGENR', '1700000006.000100'),
      match(labs.id, 'C07LABGENR', '1700000005.000100'),
      match(labs.id, 'C07LABGENR', '1700000002.000100'),
    ],
  };

  it('merges two workspaces by time, pages with one cursor to the end, every hit once (a shared one from its home)', async () => {
    const calls: string[] = [];
    const pages = await walk(options({ page: slackPages(results, 2, calls) }));
    expect(pages).toEqual([
      [
        'Grid HQ C07HQGENRL 1700000009.000100',
        'Grid Labs C07LABGENR 1700000008.000100',
        'Grid HQ C07LAUNCHX 1700000007.000100',
      ],
      [
        'Grid Labs C07LABGENR 1700000006.000100',
        'Grid Labs C07LABGENR 1700000005.000100',
        'Grid HQ C07HQGENRL 1700000004.000100',
      ],
      ['Grid Labs C07LABGENR 1700000002.000100', 'Grid HQ C07HQGENRL 1700000001.000100'],
    ]);
    // Each workspace's pages read in turn, a page read again only where the last one stopped inside it.
    expect(calls).toEqual([
      'T07GRIDHQ@1',
      'T07GRIDLAB@1',
      'T07GRIDLAB@2', // page 1 needed Labs' second page to rank #launch-shared
      'T07GRIDHQ@2',
      'T07GRIDLAB@2',
      'T07GRIDLAB@3', // page 2
      'T07GRIDHQ@2',
      'T07GRIDLAB@3', // page 3
    ]);
  });

  it('sums the totals on every page, and says the same sum when a workspace has ended', async () => {
    const opts = options({ page: slackPages(results, 2) });
    const first = await searchAcross(opts);
    expect(first.total).toBe(9);
    const second = await searchAcross({ ...opts, cursor: first.nextCursor });
    const third = await searchAcross({ ...opts, cursor: second.nextCursor });
    expect([second.total, third.total, third.nextCursor]).toEqual([9, 9, undefined]);
  });

  it('shows a message found through two workspaces once even when neither is its home', async () => {
    const shared = match('T0ELSEWHR', 'C0SHARED', '1700000003.000100');
    const page = await searchAcross(
      options({
        count: 10,
        page: slackPages(
          { [hq.id]: [shared], [labs.id]: [match(labs.id, 'C1', '1700000004.000000'), shared] },
          5,
        ),
      }),
    );
    expect(page.hits.map((h) => [h.workspace.id, h.item.ts])).toEqual([
      [labs.id, '1700000004.000000'],
      [hq.id, '1700000003.000100'],
    ]);
    expect(page.nextCursor).toBeUndefined();
  });

  it('ranks by score when the read sorts by score, each workspace in its own order', async () => {
    const page = await searchAcross(
      options({
        count: 4,
        before: (a, b) => a.score > b.score,
        page: slackPages(
          {
            [hq.id]: [match(hq.id, 'C1', '1.000001', 0.9), match(hq.id, 'C1', '2.000001', 0.3)],
            [labs.id]: [match(labs.id, 'C2', '3.000001', 0.7), match(labs.id, 'C2', '4.000001', 0.5)],
          },
          5,
        ),
      }),
    );
    expect(page.hits.map((h) => h.item.score)).toEqual([0.9, 0.7, 0.5, 0.3]);
  });

  it('reads a few pages of a workspace for one answer at most: past them the page ends short and resumes there', async () => {
    // Every Labs match is #launch-shared's, written in HQ: Labs shows none of them, HQ has ended.
    const calls: string[] = [];
    const shared = (i: number) => match(hq.id, 'C07LAUNCHX', `170000000${i}.000100`);
    const opts = options({
      page: slackPages({ [hq.id]: [], [labs.id]: [1, 2, 3, 4, 5, 6, 7, 8].map(shared) }, 1, calls),
    });
    const first = await searchAcross(opts);
    expect([first.hits, calls.filter((c) => c.startsWith(labs.id)).length]).toEqual([
      [],
      MAX_READS_PER_SOURCE,
    ]);
    // From the first page to the end: two short pages, and an end.
    expect(await walk(opts)).toEqual([[], []]);
  });

  it('answers from the others when a workspace fails, and resumes the failed one where it stopped', async () => {
    const limited = new Errors.SlackRateLimited(30);
    let failing = true;
    const serve = slackPages(results, 2);
    const opts = options({
      page: async (source, at) => {
        if (source.key === labs.id && failing) throw limited;
        return serve(source, at);
      },
    });
    const first = await searchAcross(opts);
    expect(first.failed).toEqual([{ source: one(labs), error: limited }]);
    expect(first.hits.map((h) => h.item.ts)).toEqual([
      '1700000009.000100',
      '1700000007.000100',
      '1700000004.000100',
    ]);
    failing = false;
    const second = await searchAcross({ ...opts, cursor: first.nextCursor });
    // Labs from its first page; HQ after the two it showed.
    expect(second.hits.map((h) => `${h.workspace.name} ${h.item.ts}`)).toEqual([
      'Grid Labs 1700000008.000100',
      'Grid Labs 1700000006.000100',
      'Grid Labs 1700000005.000100',
    ]);
    expect(second.failed).toEqual([]);
  });

  it('throws the worst error when every workspace fails', async () => {
    const denied = new Errors.BadRequest('no');
    const down = Object.assign(new Error('socket hang up'), { statusCode: 502 });
    const page = async (source: SearchSource) => {
      throw source.key === hq.id ? denied : down;
    };
    await expect(searchAcross(options({ page }))).rejects.toBe(down);
  });

  it("leaves out, named, a workspace that does not answer within the request's deadline", async () => {
    const serve = slackPages(results, 2);
    const page = await searchAcross(
      options({
        deadline: Date.now() + 300,
        page: (source, at) => (source.key === labs.id ? new Promise(() => {}) : serve(source, at)),
      }),
    );
    expect(page.failed.map((f) => [f.source.key, (f.error as { code?: string }).code])).toEqual([
      [labs.id, 'AS_ERR_DEADLINE'],
    ]);
    expect(page.hits.map((h) => h.item.ts)).toEqual([
      '1700000009.000100',
      '1700000007.000100',
      '1700000004.000100',
    ]);
  });

  it('names each hit of an org-wide search by the workspace it says it is from', async () => {
    const org: SearchSource = { key: `${hq.id}+${labs.id}`, workspaces: [hq, labs] };
    const page = await searchAcross(
      options({
        sources: [org, one(side)],
        homeOf: undefined,
        workspaceOf: (m, source) => source.workspaces.find((w) => w.id === m.team),
        page: slackPages(
          {
            [org.key]: [match(labs.id, 'C2', '5.000001'), match(hq.id, 'C1', '3.000001')],
            [side.id]: [match(side.id, 'C3', '4.000001')],
          },
          5,
        ),
      }),
    );
    expect(page.hits.map((h) => h.workspace.name)).toEqual(['Grid Labs', 'Side Project', 'Grid HQ']);
  });
});

describe('the cursor across workspaces', () => {
  const search = (cursor: string) => searchAcross(options({ cursor, page: slackPages({}, 1) }));

  it('refuses, naming the problem, a cursor of another search, a damaged one and one of other workspaces', async () => {
    await expect(search('as1.WyJwIiwyXQ')).rejects.toThrow(
      'cursor was not issued by a search across several workspaces',
    );
    await expect(search('aw1.e30')).rejects.toThrow('cursor is damaged: it is not one this service wrote');
    await expect(search(`aw1.${Buffer.from('[["T1",-1]]').toString('base64url')}`)).rejects.toThrow(
      'cursor is damaged',
    );
    const other = encodeAcrossCursor(
      new Map([
        [hq.id, { total: 1, resume: { at: '2', skip: 0 } }],
        [side.id, { total: 0 }],
      ]),
    );
    await expect(search(other as string)).rejects.toMatchObject({
      statusCode: 400,
      message:
        'cursor was issued for the workspaces T07GRIDHQ, T0SIDEPRJ, not for those searched now (T07GRIDHQ, T07GRIDLAB): search again without it',
    });
  });

  it('is never longer than a cursor parameter takes: past that there is none, and the page says so', async () => {
    const long = 'x'.repeat(600);
    const page = await searchAcross(
      options({
        page: async (source) => ({ items: [match(source.key, 'C1', '1.000001')], total: 9, next: long }),
        count: 1,
      }),
    );
    expect([page.nextCursor, page.cursorTooLong]).toEqual([undefined, true]);
    expect(
      encodeAcrossCursor(new Map([[hq.id, { total: 9, resume: { at: 'x'.repeat(700), skip: 0 } }]]))?.length,
    ).toBeLessThanOrEqual(MAX_ACROSS_CURSOR);
  });
});

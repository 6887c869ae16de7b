// Bytes a directory entry takes (issue 36): in the process (the records a search holds, the index built once
// per record, the id map names use) and as JSON (what Redis stores), for the records of this change (tuples)
// against the objects the directories held before (one object per entry, Slack's field names: what
// `expandPerson`/`expandChannel` rebuild). Median of ROUNDS rounds, each after a full GC.
// `node --expose-gc --import tsx bench/directory-memory.ts` (env: PEOPLE=30000 CHANNELS=12000 ROUNDS=5)

import { createBigWorkspace } from '../fake-slack/big-workspace.js';
import { conversationInfo } from '../fake-slack/channel-shape.js';
import { userShape } from '../fake-slack/user-shape.js';
import { indexWorkspace } from '../fake-slack/workspace-index.js';
import { directoryScore, type Rankable } from '../src/slack/rank-directory.js';
import type { SlackObject } from '../src/slack/slack-values.js';
import { type DirectoryRecord, HeldDirectory } from '../src/slack-search/directory-held.js';
import {
  CHANNEL_REPEATED,
  channelRankable,
  expandChannel,
  expandPerson,
  PERSON_REPEATED,
  personRankable,
  readChannels,
  readPeople,
} from '../src/slack-search/directory-records.js';
import { formatTable } from './format-table.js';

const PEOPLE = Number(process.env.PEOPLE ?? 30_000);
const CHANNELS = Number(process.env.CHANNELS ?? 12_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** What a round built, held until the next round measures its own. */
const keep: unknown[] = [];

/** Heap bytes `build` keeps alive, per entry: the median of ROUNDS builds. */
function perEntry<T>(count: number, build: () => T): number {
  const rounds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    keep.length = 0;
    const before = heap();
    keep.push(build());
    rounds.push((heap() - before) / count);
  }
  keep.length = 0;
  return median(rounds);
}

// Slack's bodies as users.list and conversations.list send them (the fake's shapes).
const workspace = createBigWorkspace({ people: PEOPLE, channels: CHANNELS });
const index = indexWorkspace(workspace);
const viewer = workspace.tokens[0]?.userId ?? '';
const peopleBody = { ok: true, members: workspace.users.map((u) => userShape(u, workspace.team)) };
const channelBody = {
  ok: true,
  channels: workspace.channels.map((c) => conversationInfo(c, index, viewer, true)),
};
const people = readPeople(true)(peopleBody);
const channels = readChannels(channelBody);
const jsonPer = (values: unknown[]) => JSON.stringify(values).length / values.length;

const copy = <T>(records: T[]) => JSON.parse(JSON.stringify(records)) as T[];
const rows = [
  [
    'people',
    String(PEOPLE),
    perEntry(PEOPLE, () => copy(people).map(expandPerson)).toFixed(0),
    perEntry(PEOPLE, () => copy(people)).toFixed(0),
    perEntry(PEOPLE, () => {
      const held = new HeldDirectory('g', { rankable: personRankable, repeated: PERSON_REPEATED });
      held.add(0, copy(people));
      return held;
    }).toFixed(0),
    perEntry(PEOPLE, () => {
      const held = new HeldDirectory('g', { rankable: personRankable, repeated: PERSON_REPEATED });
      held.add(0, copy(people));
      held.byId('x');
      return held;
    }).toFixed(0),
    jsonPer(people.map(expandPerson)).toFixed(0),
    jsonPer(people).toFixed(0),
  ],
  [
    'channels',
    String(CHANNELS),
    perEntry(CHANNELS, () => copy(channels).map(expandChannel)).toFixed(0),
    perEntry(CHANNELS, () => copy(channels)).toFixed(0),
    perEntry(CHANNELS, () => {
      const held = new HeldDirectory('g', { rankable: channelRankable, repeated: CHANNEL_REPEATED });
      held.add(0, copy(channels));
      return held;
    }).toFixed(0),
    '–',
    jsonPer(channels.map(expandChannel)).toFixed(0),
    jsonPer(channels).toFixed(0),
  ],
];

console.log(`\n## Directory entry size (median of ${ROUNDS}; heap after full GC; JSON as stored)\n`);
console.log(
  formatTable(
    [
      'directory',
      'entries',
      'before: objects (B)',
      'records (B)',
      'records + index (B)',
      '+ id map (B)',
      'before: JSON (B)',
      'records: JSON (B)',
    ],
    rows,
  ),
);

// CPU a search over a held directory costs (the request path): the median of 50 searches each.
const peopleHeld = new HeldDirectory('p', { rankable: personRankable, repeated: PERSON_REPEATED });
peopleHeld.add(0, copy(people));
const channelsHeld = new HeldDirectory('c', { rankable: channelRankable, repeated: CHANNEL_REPEATED });
channelsHeld.add(0, copy(channels));
const timed = (search: () => unknown) => {
  const ms: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    search();
    ms.push(performance.now() - started);
  }
  return median(ms).toFixed(2);
};
// Before: every search folded every entry's names and words again (directoryScore over the objects).
const peopleObjects = people.map(expandPerson);
const channelObjects = channels.map(expandChannel);
const before = <T>(entries: T[], rankable: (e: T) => Rankable, query: string) =>
  timed(() => entries.filter((e) => directoryScore(query, rankable(e)) > 0));
const personOf = (u: SlackObject): Rankable => {
  const p = u.profile as SlackObject;
  return { names: [u.name, u.real_name, p.display_name] as string[], words: [p.title as string] };
};
const channelOf = (c: SlackObject): Rankable => ({
  names: [c.name as string],
  words: [(c.topic as SlackObject).value as string, (c.purpose as SlackObject).value as string],
});
const timeSearch = <T extends DirectoryRecord>(
  held: HeldDirectory<T>,
  objects: SlackObject[],
  rankable: (e: SlackObject) => Rankable,
  query: string,
) => [before(objects, rankable, query), timed(() => held.search(query, () => true))];
const last = (what: string, n: number) => `${what}-${n - 1}`.replace('person-', 'person');
console.log('');
console.log(
  formatTable(
    ['search (median of 50)', 'before: ms', 'indexed: ms'],
    [
      [
        `people, ${PEOPLE}: "${last('person', PEOPLE)}"`,
        ...timeSearch(peopleHeld, peopleObjects, personOf, last('person', PEOPLE)),
      ],
      [
        `people, ${PEOPLE}: "ada engineer"`,
        ...timeSearch(peopleHeld, peopleObjects, personOf, 'ada engineer'),
      ],
      [
        `channels, ${CHANNELS}: "${last('channel', CHANNELS)}"`,
        ...timeSearch(channelsHeld, channelObjects, channelOf, last('channel', CHANNELS)),
      ],
    ],
  ),
);

import { countTokens } from 'gpt-tokenizer';
import {
  addBulkMessages,
  createDemoWorkspace,
  DEMO_CHANNELS,
  DEMO_LONG_THREAD,
  DEMO_USER_TOKEN,
  type Workspace,
} from '../fake-slack/index.js';
import { BENCH_API_TOKEN, buildDemoApp } from './demo-app.js';
import { formatTable } from './format-table.js';
import { type PeerDirectory, peerCsv } from './peer-csv.js';

const MAYA = 'U07MAYACHN';
const DEPLOYBOT = 'U07DEPLOYB';
/** The demo's "Deploy #4411 failed" thread: a parent and 4 replies. */
const FIVE_MESSAGE_THREAD = { channel: DEMO_CHANNELS.engineering, ts: '1772721625.344142' };
/** 2026-03-11 09:00 UTC, the morning after INC-2041. */
const POSTMORTEM_TS = '1773219600.000100';

/** A pasted post-mortem of ~20 KB: the long message that fills most of a "deploy" answer. */
function postMortem(): string {
  const head =
    'Post-mortem INC-2041: checkout-api p99 latency in prod-eu after the 09:00 deploy of v2.14.0.\n\nTimeline (UTC):\n';
  const lines: string[] = [];
  for (let i = 0; head.length + lines.join('\n').length < 20_000; i++) {
    const minute = String(i % 60).padStart(2, '0');
    lines.push(
      `09:${minute} step ${i + 1}: checked the deploy pipeline, pod restarts and the Redis hit rate; p99 ${400 + ((i * 37) % 3600)} ms, error rate ${((i * 7) % 32) / 10}%, no config change found on the canary.`,
    );
  }
  return `${head}${lines.join('\n')}`;
}

/**
 * The demo workspace plus the post-mortem and ten deploy notices from February (older than every demo
 * message): "deploy" then has 27 hits, of which the 20 newest hold the post-mortem, and "deploy in
 * #engineering from @deploybot" has 12.
 */
export function benchWorkspace(): Workspace {
  const workspace = createDemoWorkspace();
  workspace.messages.push({
    channel: DEMO_CHANNELS.incidents,
    ts: POSTMORTEM_TS,
    user: MAYA,
    text: postMortem(),
  });
  addBulkMessages(workspace, {
    count: 10,
    channel: DEMO_CHANNELS.engineering,
    user: DEPLOYBOT,
    text: 'Deploy #43{n} of search-api v3.1.{n} to staging finished',
    start: 1_770_000_000,
  });
  return workspace;
}

export function directory(workspace: Workspace): PeerDirectory {
  const users = new Map(workspace.users.map((u) => [u.id, { name: u.name, realName: u.realName }]));
  const channels = new Map<string, string>();
  const dmUsers = new Map<string, string>();
  for (const c of workspace.channels) {
    const other = c.members?.find((m) => m !== MAYA);
    if (c.name) channels.set(c.id, `#${c.name}`);
    else if (other) dmUsers.set(c.id, other);
  }
  return { users, channels, dmUsers };
}

interface Case {
  name: string;
  /** Our request (without response_format). */
  path: string;
  /** The same read as the peer makes it: the Slack method and its arguments. */
  slack: [method: string, params: Record<string, string>];
  /** Shown only: the peer returns other messages (its default count is 100), so no target applies. */
  shownOnly?: boolean;
}

/** Targets (issue 29), on cases where both return the same messages. */
const COMPACT_TARGET = 0.75;
const FORMAT_TARGET = 0.75;
const ONE_HIT = 'search "roadmap", 1 hit';

const CASES: Case[] = [
  {
    name: 'search "deploy", 20 newest hits, one ~20 KB',
    path: '/search/messages?query=deploy&count=20&sort=timestamp',
    slack: ['search.messages', { query: 'deploy', count: '20', sort: 'timestamp' }],
  },
  {
    name: 'search "deploy", default count',
    path: '/search/messages?query=deploy',
    slack: ['search.messages', { query: 'deploy', count: '100' }],
    shownOnly: true,
  },
  {
    name: ONE_HIT,
    path: '/search/messages?query=roadmap',
    slack: ['search.messages', { query: 'roadmap', count: '20' }],
  },
  {
    name: 'search "deploy" in #engineering from @deploybot',
    path: '/search/messages?query=deploy&channel_ids=%23engineering&from_users=@deploybot&count=20',
    slack: ['search.messages', { query: 'deploy in:#engineering from:@deploybot', count: '20' }],
  },
  {
    name: 'thread, parent + 4 replies',
    path: `/threads/${FIVE_MESSAGE_THREAD.channel}/${FIVE_MESSAGE_THREAD.ts}`,
    slack: ['conversations.replies', { ...FIVE_MESSAGE_THREAD, limit: '100' }],
  },
  {
    name: 'thread, parent + 40 replies',
    path: `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`,
    slack: [
      'conversations.replies',
      { channel: DEMO_LONG_THREAD.channel, ts: DEMO_LONG_THREAD.ts, limit: '100' },
    ],
  },
  {
    name: 'history of #engineering, 20 messages',
    path: '/channels/%23engineering/history?limit=20',
    slack: ['conversations.history', { channel: DEMO_CHANNELS.engineering, limit: '20' }],
  },
  {
    name: 'history of #general, 20 messages',
    path: '/channels/%23general/history?limit=20',
    slack: ['conversations.history', { channel: DEMO_CHANNELS.general, limit: '20' }],
  },
];

const ratio = (ours: number, peer: number) => (ours / peer).toFixed(2);
const bytes = (s: string) => Buffer.byteLength(s);
type Obj = Record<string, unknown>;

/** The message texts a concise body carries (matches, thread or channel messages, and what is around them). */
function conciseTexts(body: Obj): string[] {
  const texts: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
    else if (key === 'text' && typeof value === 'string') texts.push(value);
  };
  walk(body.messages);
  return texts;
}

/**
 * Our bytes against the peer's CSV for the same messages, in the same run: concise JSON and compact text
 * from our REST routes, the peer's CSV rendered from the Slack bodies the same fixture serves (checked
 * against the peer's own binary by bench/peer-binary.ts). With the default text cap, and with whole texts
 * (max_text_chars=0), where the format's own bytes (the answer less its message texts) are compared.
 */
export async function benchPeerRatio() {
  const workspace = benchWorkspace();
  const { app, slackUrl, close } = await buildDemoApp({}, workspace);
  const dir = directory(workspace);
  const ours = async (path: string) => {
    const res = await app.inject({ url: path, headers: { authorization: `Bearer ${BENCH_API_TOKEN}` } });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
    return res.body;
  };
  const slack = async ([method, params]: Case['slack']) => {
    const res = await fetch(new URL(method, slackUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_USER_TOKEN}` },
      body: new URLSearchParams(params),
    });
    return (await res.json()) as Obj;
  };
  const peer = async (c: Case) => {
    const body = await slack(c.slack);
    const next = String((body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor ?? '');
    const messages =
      c.slack[0] === 'search.messages'
        ? (body.messages as { matches: Obj[] }).matches
        : (body.messages as Obj[]);
    const channel = c.slack[0] === 'search.messages' ? undefined : c.slack[1].channel;
    const csv = peerCsv(messages, dir, channel, next);
    const texts = messages.reduce((n, m) => n + bytes(String(m.text ?? '')), 0);
    return { csv, count: messages.length, texts };
  };
  const withParams = (path: string, extra: string) => `${path}${path.includes('?') ? '&' : '?'}${extra}`;

  let pass = true;
  const rows: string[][] = [];
  const wholeRows: string[][] = [];
  for (const c of CASES) {
    const p = await peer(c);
    const concise = await ours(c.path);
    const compact = await ours(withParams(c.path, 'response_format=compact'));
    const count = conciseTexts(JSON.parse(concise)).length;
    const same = !c.shownOnly && count === p.count;
    const [pb, cj, ct] = [bytes(p.csv), bytes(concise), bytes(compact)];
    const target = c.name === ONE_HIT ? 1 : COMPACT_TARGET;
    const ok = !same || ct / pb <= target;
    pass &&= ok;
    rows.push([
      c.name,
      `${count}/${p.count}`,
      String(pb),
      String(cj),
      String(ct),
      ratio(cj, pb),
      ratio(ct, pb),
      ratio(countTokens(compact), countTokens(p.csv)),
      same ? `compact ≤ ${target}: ${ok ? 'PASS' : 'FAIL'}` : 'shown',
    ]);

    const wholeConcise = await ours(withParams(c.path, 'max_text_chars=0'));
    const wholeCompact = await ours(withParams(c.path, 'max_text_chars=0&response_format=compact'));
    const texts = conciseTexts(JSON.parse(wholeConcise)).reduce((n, t) => n + bytes(t), 0);
    const [wj, wt] = [bytes(wholeConcise), bytes(wholeCompact)];
    const peerFormat = pb - p.texts;
    const compactFormat = wt - texts;
    const formatOk = !same || compactFormat / peerFormat <= FORMAT_TARGET;
    const oneHitOk = c.name !== ONE_HIT || wt <= pb;
    pass &&= formatOk && oneHitOk;
    wholeRows.push([
      c.name,
      String(pb),
      String(wj),
      String(wt),
      ratio(wj, pb),
      ratio(wt, pb),
      String(peerFormat),
      String(wj - texts),
      String(compactFormat),
      ratio(compactFormat, peerFormat),
      same
        ? `format ≤ ${FORMAT_TARGET}${c.name === ONE_HIT ? ', total ≤ 1' : ''}: ${formatOk && oneHitOk ? 'PASS' : 'FAIL'}`
        : 'shown',
    ]);
  }
  console.log(
    '\n## Bytes against korotovsky/slack-mcp-server CSV (same Slack bodies, demo workspace + a 20 KB post-mortem)\n',
  );
  console.log('### Default max_text_chars\n');
  console.log(
    formatTable(
      [
        'read',
        'msgs ours/peer',
        'peer CSV B',
        'concise B',
        'compact B',
        'concise/peer',
        'compact/peer',
        'compact/peer tok',
        'target',
      ],
      rows,
    ),
  );
  console.log('\n### Whole texts (max_text_chars=0); format B = answer less its message texts\n');
  console.log(
    formatTable(
      [
        'read',
        'peer CSV B',
        'concise B',
        'compact B',
        'concise/peer',
        'compact/peer',
        'peer format B',
        'concise format B',
        'compact format B',
        'compact/peer format',
        'target',
      ],
      wholeRows,
    ),
  );
  console.log(`\nall targets: ${pass ? 'PASS' : 'FAIL'}`);

  const [longSearch] = CASES;
  const { csv } = await peer(longSearch);
  const capRows: string[][] = [];
  for (const cap of [250, 500, 1000, 2000, 4000, 0]) {
    const concise = bytes(await ours(`${longSearch.path}&max_text_chars=${cap}`));
    const compact = bytes(await ours(`${longSearch.path}&max_text_chars=${cap}&response_format=compact`));
    capRows.push([
      cap === 0 ? '0 (whole)' : String(cap),
      String(concise),
      String(compact),
      ratio(concise, bytes(csv)),
      ratio(compact, bytes(csv)),
    ]);
  }
  console.log(`\n### ${longSearch.name}: by max_text_chars (peer CSV ${bytes(csv)} B)\n`);
  console.log(
    formatTable(['max_text_chars', 'concise B', 'compact B', 'concise/peer', 'compact/peer'], capRows),
  );
  await close();
  return pass;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPeerRatio();

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
function benchWorkspace(): Workspace {
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

function directory(workspace: Workspace): PeerDirectory {
  const users = new Map(workspace.users.map((u) => [u.id, { name: u.name, realName: u.realName }]));
  const channels = new Map<string, string>();
  for (const c of workspace.channels) {
    const other = c.members?.find((m) => m !== MAYA);
    const name = c.name ? `#${c.name}` : other ? `@${users.get(other)?.name ?? other}` : undefined;
    if (name) channels.set(c.id, name);
  }
  return { users, channels };
}

interface Case {
  name: string;
  /** Our request (without response_format). */
  path: string;
  /** The same read as the peer makes it: the Slack method and its arguments. */
  slack: [method: string, params: Record<string, string>];
  compactTarget: number;
  conciseTarget?: number;
}

const CASES: Case[] = [
  {
    name: 'search "deploy", 20 newest hits, one ~20 KB',
    path: '/search/messages?query=deploy&count=20&sort=timestamp',
    slack: ['search.messages', { query: 'deploy', count: '20', sort: 'timestamp' }],
    compactTarget: 0.4,
    conciseTarget: 0.5,
  },
  {
    name: 'search "deploy" in #engineering from @deploybot',
    path: '/search/messages?query=deploy&channel_ids=%23engineering&from_users=@deploybot&count=20',
    slack: ['search.messages', { query: 'deploy in:#engineering from:@deploybot', count: '20' }],
    compactTarget: 0.75,
  },
  {
    name: 'thread, parent + 4 replies',
    path: `/threads/${FIVE_MESSAGE_THREAD.channel}/${FIVE_MESSAGE_THREAD.ts}`,
    slack: ['conversations.replies', { ...FIVE_MESSAGE_THREAD, limit: '100' }],
    compactTarget: 0.75,
  },
  {
    name: 'thread, parent + 40 replies',
    path: `/threads/${DEMO_LONG_THREAD.channel}/${DEMO_LONG_THREAD.ts}`,
    slack: [
      'conversations.replies',
      { channel: DEMO_LONG_THREAD.channel, ts: DEMO_LONG_THREAD.ts, limit: '100' },
    ],
    compactTarget: 0.75,
  },
  {
    name: 'history of #engineering, 20 messages',
    path: '/channels/%23engineering/history?limit=20',
    slack: ['conversations.history', { channel: DEMO_CHANNELS.engineering, limit: '20' }],
    compactTarget: 0.75,
  },
];

const ratio = (ours: number, peer: number) => (ours / peer).toFixed(2);

/**
 * Our bytes against the peer's CSV for the same messages, in the same run: concise JSON (default cap)
 * and compact text from our REST routes, the peer's CSV rendered from the Slack bodies the same fixture
 * serves. Then the long-message search at several caps, which is how the default cap was chosen.
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
    return (await res.json()) as Record<string, unknown>;
  };
  const peer = async (c: Case) => {
    const body = await slack(c.slack);
    const next = String((body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor ?? '');
    if (c.slack[0] === 'search.messages') {
      const matches = (body.messages as { matches: Record<string, unknown>[] }).matches;
      return { csv: peerCsv(matches, dir, undefined, next), count: matches.length };
    }
    const messages = body.messages as Record<string, unknown>[];
    return { csv: peerCsv(messages, dir, c.slack[1].channel, next), count: messages.length };
  };
  const bytes = (s: string) => Buffer.byteLength(s);

  const rows: string[][] = [];
  let pass = true;
  for (const c of CASES) {
    const { csv, count } = await peer(c);
    const concise = await ours(c.path);
    const compact = await ours(`${c.path}&response_format=compact`.replace(/^([^?]*)&/, '$1?'));
    const [p, cj, ct] = [bytes(csv), bytes(concise), bytes(compact)];
    const ok = ct / p <= c.compactTarget && (c.conciseTarget === undefined || cj / p <= c.conciseTarget);
    pass &&= ok;
    const target = `compact ≤ ${c.compactTarget}${c.conciseTarget ? `, concise ≤ ${c.conciseTarget}` : ''}`;
    rows.push([
      c.name,
      String(count),
      String(p),
      String(cj),
      String(ct),
      ratio(cj, p),
      ratio(ct, p),
      ratio(countTokens(compact), countTokens(csv)),
      `${target}: ${ok ? 'PASS' : 'FAIL'}`,
    ]);
  }
  console.log(
    '\n## Bytes against korotovsky/slack-mcp-server CSV (same Slack bodies, demo workspace + a 20 KB post-mortem)\n',
  );
  console.log(
    formatTable(
      [
        'read',
        'msgs',
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
  console.log(
    `\nall targets: ${pass ? 'PASS' : 'FAIL'} (concise and compact with the default max_text_chars)`,
  );

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

// The peer's own binary (npm slack-mcp-server@1.3.0, korotovsky/slack-mcp-server) against the bench's fake
// workspace, to check bench/peer-csv.ts: it reaches Slack only as https://slack.com through an HTTP proxy,
// so a CONNECT proxy here ends TLS with a self-signed slack.com certificate (openssl) that the binary is
// told to trust (SLACK_MCP_SERVER_CA), and hands each request to the fake. Prints, per read, the binary's
// CSV bytes beside our rendering's and the first line where they differ.
// PEER_BIN=/path/to/slack-mcp-server-linux-amd64 [PEER_PROXY_PORT=3172] npx tsx bench/peer-binary.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEMO_CHANNELS, DEMO_LONG_THREAD, DEMO_USER_TOKEN, startFakeSlack } from '../fake-slack/index.js';
import { userShape } from '../fake-slack/user-shape.js';
import { formatTable } from './format-table.js';
import { peerCsv } from './peer-csv.js';
import { benchWorkspace, directory } from './peer-ratio.js';

const BIN = process.env.PEER_BIN;
if (!BIN)
  throw new Error(
    'PEER_BIN: the slack-mcp-server binary (npm slack-mcp-server@1.3.0, installed outside the repo)',
  );
const PROXY_PORT = Number(process.env.PEER_PROXY_PORT ?? 3172);

const dir = mkdtempSync(join(tmpdir(), 'peer-binary-'));
const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    key,
    '-out',
    cert,
    '-subj',
    '/CN=slack.com',
    '-addext',
    'subjectAltName=DNS:slack.com,DNS:*.slack.com',
  ],
  { stdio: 'ignore' },
);

const workspace = benchWorkspace();
const slack = await startFakeSlack({ workspace });
const fake = new URL(slack.url);
const asked: string[] = [];
const tls = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
  asked.push(req.url ?? '');
  // The binary loads the whole user list at start; the fake has no users.list, so it is answered here.
  if (req.url?.startsWith('/api/users.list')) {
    const members = workspace.users.map((u) => userShape(u, workspace.team));
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ ok: true, members, response_metadata: { next_cursor: '' } }));
  }
  // search.all (messages and files) is search.messages with an empty files part, which the fake lacks.
  const all = req.url?.startsWith('/api/search.all');
  const path = all ? '/api/search.messages' : req.url;
  const headers = { ...req.headers, host: fake.host };
  const upstream = request(
    { host: fake.hostname, port: fake.port, path, method: req.method, headers },
    (answer) => {
      if (!all) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const files = { total: 0, matches: [], pagination: {}, paging: {} };
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...body, files }));
      });
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
const proxy = createServer((_req, res) => res.writeHead(405).end());
proxy.on('connect', (_req, socket) => {
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  tls.emit('connection', socket);
});
await new Promise<void>((resolve) => proxy.listen(PROXY_PORT, '127.0.0.1', resolve));

const client = new Client({ name: 'peer-binary-bench', version: '0' });
await client.connect(
  new StdioClientTransport({
    command: BIN,
    args: ['--transport', 'stdio'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      SLACK_MCP_XOXP_TOKEN: DEMO_USER_TOKEN,
      SLACK_MCP_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
      SLACK_MCP_SERVER_CA: cert,
      SLACK_MCP_USERS_CACHE: join(dir, 'users.json'),
      SLACK_MCP_CHANNELS_CACHE: join(dir, 'channels.json'),
      SLACK_MCP_LOG_LEVEL: process.env.PEER_STDERR ? 'debug' : 'error',
    },
    stderr: process.env.PEER_STDERR ? 'inherit' : 'ignore',
  }),
);

type Obj = Record<string, unknown>;
const slackBody = async (method: string, params: Record<string, string>) => {
  const res = await fetch(new URL(method, slack.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_USER_TOKEN}` },
    body: new URLSearchParams(params),
  });
  return (await res.json()) as Obj;
};
const peerText = async (name: string, args: Obj) => {
  const result = await client.callTool({ name, arguments: args });
  return ((result.content as { type: string; text?: string }[])[0]?.text ?? '') as string;
};

const CASES: { name: string; tool: [string, Obj]; slack: [string, Record<string, string>] }[] = [
  {
    name: 'search "deploy", 20 newest hits, one ~20 KB',
    tool: ['conversations_search_messages', { search_query: 'deploy', limit: 20 }],
    slack: ['search.messages', { query: 'deploy', count: '20' }],
  },
  {
    name: 'search "deploy" in #engineering from @deploybot',
    tool: [
      'conversations_search_messages',
      {
        search_query: 'deploy',
        filter_in_channel: '#engineering',
        filter_users_from: '@deploybot',
        limit: 20,
      },
    ],
    slack: ['search.messages', { query: 'deploy in:#engineering from:@deploybot', count: '20' }],
  },
  {
    name: 'search "roadmap"',
    tool: ['conversations_search_messages', { search_query: 'roadmap', limit: 20 }],
    slack: ['search.messages', { query: 'roadmap', count: '20' }],
  },
  {
    name: 'thread, parent + 4 replies',
    tool: [
      'conversations_replies',
      { channel_id: DEMO_CHANNELS.engineering, thread_ts: '1772721625.344142', limit: '100' },
    ],
    slack: [
      'conversations.replies',
      { channel: DEMO_CHANNELS.engineering, ts: '1772721625.344142', limit: '100' },
    ],
  },
  {
    name: 'thread, parent + 40 replies',
    tool: [
      'conversations_replies',
      { channel_id: DEMO_LONG_THREAD.channel, thread_ts: DEMO_LONG_THREAD.ts, limit: '100' },
    ],
    slack: [
      'conversations.replies',
      { channel: DEMO_LONG_THREAD.channel, ts: DEMO_LONG_THREAD.ts, limit: '100' },
    ],
  },
  {
    name: 'history of #engineering, 20 messages',
    tool: ['conversations_history', { channel_id: DEMO_CHANNELS.engineering, limit: '20' }],
    slack: ['conversations.history', { channel: DEMO_CHANNELS.engineering, limit: '20' }],
  },
  {
    name: 'history of #general, 20 messages',
    tool: ['conversations_history', { channel_id: DEMO_CHANNELS.general, limit: '20' }],
    slack: ['conversations.history', { channel: DEMO_CHANNELS.general, limit: '20' }],
  },
];

const dirOf = directory(workspace);
const rows: string[][] = [];
for (const c of CASES) {
  const real = await peerText(...c.tool);
  const body = await slackBody(...c.slack);
  const next = String((body.response_metadata as { next_cursor?: string } | undefined)?.next_cursor ?? '');
  const search = c.slack[0] === 'search.messages';
  const messages = search ? (body.messages as { matches: Obj[] }).matches : (body.messages as Obj[]);
  const ours = peerCsv(messages, dirOf, search ? undefined : c.slack[1].channel, next);
  const [a, b] = [real.split('\n'), ours.split('\n')];
  const at = a.findIndex((line, i) => line !== b[i]);
  if (process.env.PEER_SHOW) console.log(`--- ${c.name}\n${real}\n--- ours\n${ours}`);
  rows.push([
    c.name,
    String(Buffer.byteLength(real)),
    String(Buffer.byteLength(ours)),
    at < 0
      ? 'same'
      : `line ${at + 1}: binary ${JSON.stringify(a[at]?.slice(0, 160))} / ours ${JSON.stringify(b[at]?.slice(0, 160))}`,
  ]);
}
console.log('\n## The peer binary against bench/peer-csv.ts (same fake workspace)\n');
console.log(formatTable(['read', 'binary B', 'peer-csv.ts B', 'first difference'], rows));
console.log(`\nSlack paths the binary asked: ${[...new Set(asked.map((p) => p.split('?')[0]))].join(', ')}`);
await client.close();
proxy.close();
tls.close();
await slack.close();
// Its key and the binary's caches are not kept.
rmSync(dir, { recursive: true, force: true });

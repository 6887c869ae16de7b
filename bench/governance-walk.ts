// The governance walk (issue 42): `npx tsx bench/governance-walk.ts` starts `npm run demo` with a company
// policy, an audit log and an admin; Leo Park's agent signs in through an MCP client granting the least and
// reads over /mcp (the denied channels absent, a term redacted, a denied channel and a private one refused),
// then is granted private channels too; the admin reads Leo's reads in GET /admin/audit. Each step asserts
// what it prints: the script exits 1 naming the first step whose expectation failed.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCT } from '../fake-slack/demo/channels.js';
import { DEMO_CHANNELS, DEMO_OTHER_USER_ID, DEMO_TEAM_ID, DEMO_USER_ID } from '../fake-slack/index.js';
import type { AuditRecord } from '../src/governance/audit/record.js';
import { authorize, type Discovered, discover, mcpTool, register, startDemo } from './demo-sign-in.js';

const LEO = `${DEMO_TEAM_ID}:${DEMO_OTHER_USER_ID}`;
const MAYA = `${DEMO_TEAM_ID}:${DEMO_USER_ID}`;
const CLIENT_NAME = 'Walk agent';
const { incidents: INCIDENTS, launchQ2: LAUNCH_Q2, dmDemoOther: DM_MAYA_LEO } = DEMO_CHANNELS;
const TERM = 'Initech';

/** #incidents by a name pattern, #product by id, no direct messages, the demo's customer's name redacted. */
const POLICY = {
  deny_channels: { ids: [PRODUCT], names: ['incident*'] },
  conversation_kinds: { everyone: ['public', 'private', 'mpim'] },
  redact: { terms: [{ name: 'customer', literal: TERM }] },
};

class Failed extends Error {}
let current = '';
const say = (line: string) => console.log(line);
const quiet = () => {};
function expect(holds: boolean, what: string): void {
  if (!holds) throw new Failed(`step ${current}: expected ${what}`);
}
function step(id: string, title: string): void {
  current = `${id} (${title})`;
  say(`\n${id}. ${title}`);
}

interface McpAnswer {
  status: number;
  challenge: string | null;
  /** The tool's structured answer, or its error body when it answered isError. */
  body: Record<string, unknown>;
  isError: boolean;
}

async function call(base: string, token: string, tool: string, args: Record<string, unknown>) {
  const res = await mcpTool(base, token, tool, args);
  const challenge = res.headers.get('www-authenticate');
  const json = (await res.json()) as {
    result?: {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
      content?: Array<{ text: string }>;
    };
    [k: string]: unknown;
  };
  const { result } = json;
  const body = result?.isError
    ? (JSON.parse(result.content?.[0]?.text ?? '{}') as Record<string, unknown>)
    : (result?.structuredContent ?? json);
  return { status: res.status, challenge, body, isError: result?.isError === true } satisfies McpAnswer;
}

const snippet = (text: string, around: string) => {
  const at = Math.max(0, text.indexOf(around) - 30);
  return `${at > 0 ? '…' : ''}${text.slice(at, at + 60)}${text.length > at + 60 ? '…' : ''}`;
};

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : what.endsWith('h') ? 'es' : 's'}`;

const getJson = async (base: string, path: string, token: string) => {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

function recordLine(r: AuditRecord): string {
  const target = r.params.query !== undefined ? `"${r.params.query}"` : String(r.params.channel ?? '');
  const counts = r.returned ? Object.entries(r.returned.counts).map(([kind, n]) => `${kind} ${n}`) : [];
  const done = [
    r.policy?.removed ? `removed ${r.policy.removed}` : '',
    ...Object.entries(r.policy?.redacted ?? {}).map(([name, n]) => `redacted ${n} ${name}`),
  ].filter(Boolean);
  return `  ${r.read} ${target} via ${r.client.via} "${r.client.name}" → ${r.http_status}${r.error_code ? ` ${r.error_code}` : ''}; returned ${counts.join(', ') || 'nothing'}; policy: ${done.join(', ') || '—'}`;
}

const scratch = mkdtempSync(join(tmpdir(), 'governance-walk-'));
const policyPath = join(scratch, 'policy.json');
const auditPath = join(scratch, 'audit.jsonl');
const tokensPath = join(scratch, 'api-tokens.json');
// The security team's token: the admin access area only. Made here, never printed.
const securityToken = randomBytes(24).toString('base64url');
writeFileSync(policyPath, JSON.stringify(POLICY, null, 2));
writeFileSync(
  tokensPath,
  JSON.stringify([
    {
      name: 'security',
      sha256: createHash('sha256').update(securityToken).digest('hex'),
      projects: '*',
      access: ['admin'],
    },
  ]),
);

const demo = await startDemo({
  POLICY_FILE: policyPath,
  AUDIT_LOG: auditPath,
  ADMIN_PEOPLE: MAYA,
  API_TOKENS_FILE: tokensPath,
});
const { base } = demo;
try {
  say(`# Governance walk against npm run demo at ${base}`);
  step('1', 'The demo, with a company policy, an audit log and an admin');
  say(
    `  POLICY_FILE: deny_channels names ["incident*"] (#incidents), ids ["${PRODUCT}"] (#product); kinds for everyone public, private, mpim (no DMs); redact "${TERM}" as customer, and the built-in detectors`,
  );
  say(
    `  AUDIT_LOG ${auditPath}; ADMIN_PEOPLE ${MAYA} (Maya Chen); API_TOKENS_FILE: "security", access [admin]`,
  );
  const health = await fetch(`${base}/healthz`);
  say(`  GET /healthz → ${health.status}`);
  expect(health.status === 200, 'the demo to start with the policy');

  step('2a', 'Leo Park (not an admin) signs in through an MCP client, ticking the least on the consent page');
  const as: Discovered = await discover(base, quiet);
  const clientId = await register(as, CLIENT_NAME, quiet);
  const narrow = await authorize(
    base,
    as,
    clientId,
    { user: DEMO_OTHER_USER_ID, tick: 'slack:public' },
    quiet,
  );
  say(
    `  client "${CLIENT_NAME}" registered (${clientId.slice(0, 8)}…), consent: public channels → token scope ${narrow.scope}`,
  );
  expect(narrow.scope === 'slack:public', 'the grant to be slack:public');

  step('2b', 'tools/call slack_search_messages {query: "customer"}');
  const search = await call(base, narrow.access_token, 'slack_search_messages', {
    query: 'customer',
    count: 20,
  });
  const messages = (search.body.messages as { total: number; matches: Array<Record<string, string>> })
    .matches;
  const where = [...new Set(messages.map((m) => m.channel_name))];
  say(
    `  → ${search.status}: ${plural(messages.length, 'match')}, total ${(search.body.messages as { total: number }).total}, in ${where.map((c) => `#${c}`).join(', ')}`,
  );
  say(`  summary: ${search.body.summary}`);
  const redacted = messages.find((m) => m.text?.includes('[redacted: customer]'));
  say(`  redacted: "${redacted ? snippet(redacted.text as string, '[redacted') : '(none)'}"`);
  const withheld = Number(
    /(\d+) messages? in conversations the company's policy/.exec(String(search.body.summary))?.[1],
  );
  const text = JSON.stringify(search.body);
  expect(search.status === 200 && messages.length > 0, 'a 200 with matches');
  expect(
    !messages.some((m) => m.channel_id === INCIDENTS || m.channel_id === PRODUCT),
    'no match in #incidents or #product',
  );
  expect(withheld > 0, "the summary to say how many the company's policy withheld");
  expect(redacted !== undefined && !text.includes(TERM), `"${TERM}" redacted as [redacted: customer]`);
  const seenTexts = messages.map((m) => m.text as string);

  step('2c', 'tools/call slack_search_channels {query: "a"}');
  const channels = await call(base, narrow.access_token, 'slack_search_channels', { query: 'a' });
  const found = (channels.body.channels as Array<{ id: string; name: string }>) ?? [];
  say(`  → ${channels.status}: ${found.map((c) => `#${c.name}`).join(', ')}`);
  if (channels.body.summary) say(`  summary: ${channels.body.summary}`);
  expect(channels.status === 200 && found.length > 0, 'a 200 with channels');
  expect(!found.some((c) => c.id === INCIDENTS || c.id === PRODUCT), 'neither #incidents nor #product');

  step('2d', 'tools/call slack_get_channel_history {channel_id: "#incidents"} (denied by name)');
  const denied = await call(base, narrow.access_token, 'slack_get_channel_history', {
    channel_id: '#incidents',
  });
  say(
    `  → HTTP ${denied.status}, tool error ${denied.body.statusCode} ${denied.body.code}: ${denied.body.message}`,
  );
  expect(denied.isError && denied.body.statusCode === 403, 'a tool error with status 403');
  expect(denied.body.code === 'AS_ERR_POLICY_DENIED', 'AS_ERR_POLICY_DENIED');

  step('2e', `tools/call slack_get_channel_history {channel_id: "${DM_MAYA_LEO}"} (a DM: no DMs for anyone)`);
  const dm = await call(base, narrow.access_token, 'slack_get_channel_history', { channel_id: DM_MAYA_LEO });
  say(`  → HTTP ${dm.status}, tool error ${dm.body.statusCode} ${dm.body.code}: ${dm.body.message}`);
  expect(dm.isError && dm.body.code === 'AS_ERR_POLICY_DENIED', 'the policy, not the consent, to refuse it');

  step(
    '2f',
    `tools/call slack_get_channel_history {channel_id: "${LAUNCH_Q2}"} (private #launch-q2, Leo a member)`,
  );
  const scoped = await call(base, narrow.access_token, 'slack_get_channel_history', {
    channel_id: LAUNCH_Q2,
  });
  say(`  → HTTP ${scoped.status} ${scoped.body.code ?? ''}`);
  say(`  WWW-Authenticate: ${scoped.challenge}`);
  expect(scoped.status === 403, 'the whole HTTP request answered 403');
  expect(
    /error="insufficient_scope"/.test(scoped.challenge ?? '') &&
      /scope="slack:private"/.test(scoped.challenge ?? ''),
    'a challenge naming insufficient_scope and slack:private',
  );

  step('2g', 'Leo signs in again, the client asking for slack:private as challenged; he ticks it');
  const wide = await authorize(
    base,
    as,
    clientId,
    { user: DEMO_OTHER_USER_ID, ask: 'slack:private', tick: 'slack:private' },
    quiet,
  );
  say(`  consent: also private channels and group DMs → token scope ${wide.scope}`);
  expect(wide.scope === 'slack:private', 'the grant to be slack:private');
  const history = await call(base, wide.access_token, 'slack_get_channel_history', { channel_id: LAUNCH_Q2 });
  const read = (history.body.messages as Array<{ text: string }>) ?? [];
  say(
    `  tools/call slack_get_channel_history {channel_id: "${LAUNCH_Q2}"} → ${history.status}: ${plural(read.length, 'message')} of #${history.body.channel_name}`,
  );
  expect(history.status === 200 && !history.isError && read.length > 0, 'a 200 with messages');
  seenTexts.push(...read.map((m) => m.text));

  const filter = `/admin/audit?person=${encodeURIComponent(LEO)}&limit=50`;

  step('3a', "Maya Chen, named in ADMIN_PEOPLE, signs in and reads Leo's reads");
  const mayaClient = await register(as, 'Admin console', quiet);
  const admin = await authorize(base, as, mayaClient, { user: DEMO_USER_ID }, quiet);
  say(
    `  client "Admin console" registered (${mayaClient.slice(0, 8)}…), Maya signed in → token scope ${admin.scope}`,
  );
  // Records reach the window within about 50 ms of a read's end (docs/security.md): asked again until then.
  let audit = await getJson(base, filter, admin.access_token);
  for (let i = 0; i < 30 && (audit.body.records as unknown[] | undefined)?.length !== 6; i++) {
    await new Promise((r) => setTimeout(r, 100));
    audit = await getJson(base, filter, admin.access_token);
  }
  const records = (audit.body.records as AuditRecord[]) ?? [];
  say(`  GET ${filter} → ${audit.status}: ${records.length} records, newest first`);
  for (const r of records) say(recordLine(r));
  expect(audit.status === 200, 'a 200');
  expect(records.length === 6, "Leo's six reads");
  expect(
    records.every((r) => r.who.id === LEO && r.client.name === CLIENT_NAME && r.client.via === 'mcp'),
    `every record Leo's, through "${CLIENT_NAME}" over mcp`,
  );
  const searchRecord = records.find((r) => r.read === 'search-messages');
  expect(
    searchRecord?.policy?.removed === withheld && (searchRecord?.policy?.redacted.customer ?? 0) > 0,
    `the search's record to count the ${withheld} withheld and the redaction`,
  );

  step('3b', 'The same with the "security" API token (access area admin)');
  const byToken = await getJson(base, filter, securityToken);
  say(`  GET ${filter} → ${byToken.status}: ${(byToken.body.records as unknown[])?.length} records`);
  expect(
    byToken.status === 200 && JSON.stringify(byToken.body.records) === JSON.stringify(records),
    'the same records',
  );

  step('3c', 'The audit holds no message text');
  const recordsJson = JSON.stringify(records);
  const leaked = seenTexts.filter((t) => t.length > 0 && recordsJson.includes(t));
  const groups = records.flatMap((r) => r.returned?.messages ?? []);
  const named = groups.flatMap((g) => g.ts);
  say(
    `  ${records.length} records, ${recordsJson.length} bytes: none of the ${seenTexts.length} message texts Leo's reads returned, nor "${TERM}"; ${plural(named.length, 'message')} named, by channel and ts only`,
  );
  expect(leaked.length === 0 && !recordsJson.includes(TERM), 'no message text in the records');
  expect(
    groups.every((g) => Object.keys(g).join() === 'channel,ts' && g.ts.every((ts) => /^\d+\.\d+$/.test(ts))),
    'a returned message named by its channel and ts, nothing else',
  );

  step('3d', "Leo, and the demo's API token (no admin area), ask for the audit");
  const refused = await getJson(base, filter, wide.access_token);
  say(`  Leo → ${refused.status} ${refused.body.code}: ${refused.body.message}`);
  expect(refused.status === 403 && refused.body.code === 'AS_ERR_ADMIN_ONLY', '403 AS_ERR_ADMIN_ONLY');
  const demoToken = await getJson(base, filter, 'demo-token');
  say(`  demo-token → ${demoToken.status} ${demoToken.body.code}: ${demoToken.body.message}`);
  expect(demoToken.status === 403 && demoToken.body.code === 'AS_ERR_ADMIN_ONLY', '403 AS_ERR_ADMIN_ONLY');

  step('3e', 'The first line of AUDIT_LOG, a JSON line for a SIEM');
  const first = (readFileSync(auditPath, 'utf8').split('\n')[0] ?? '').trim();
  say(`  ${first}`);
  const line = JSON.parse(first) as AuditRecord;
  expect(line.who.id === LEO && line.read === 'search-messages', "Leo's search to be the first line");
  expect(!first.includes(TERM) && !seenTexts.some((t) => first.includes(t)), 'no message text in the line');

  say('\nEvery step held.');
} catch (err) {
  say(`\nFAILED: ${err instanceof Failed ? err.message : `step ${current}: ${(err as Error).stack}`}`);
  process.exitCode = 1;
} finally {
  demo.stop();
  rmSync(scratch, { recursive: true, force: true });
}

// The Enterprise Grid walk (issue 43): `npx tsx bench/grid-walk.ts` starts the fake Slack with Grid Corp (Grid HQ
// and Grid Labs approved for the org-wide app, Grid Sales not) and Side Project, and the service on a free port
// configured for sign-in. Ana Silva signs in through the MCP SDK's client with the org-wide install, adds Side
// Project on her page, and one search answers from the three workspaces; the restrictions are asked and
// answered; removing Side Project leaves the organisation's two. Each step asserts what it prints: the script
// exits 1 naming the first step whose expectation failed. No token is printed beyond its first characters.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRID } from '../fake-slack/index.js';
import { startReplica } from '../test/sign-in/sign-in-harness.js';
import { signInWithSdk } from '../test/sign-in/sign-in-steps.js';
import { addWorkspace, pageOf, signedInBrowser, startGridSlack } from '../test/sign-in/workspace-steps.js';
import { takeContractViolations } from '../test/support/contract-hook.js';
import { mcpTool } from './demo-sign-in.js';

const { teams: T, users: U, channels: C, tokens: K } = GRID;
const ORG_READS = ['Grid HQ', 'Grid Labs'];
const ALL_READS = [...ORG_READS, 'Side Project'];

class Failed extends Error {}
let current = '';
const say = (line: string) => console.log(line);
function expect(holds: boolean, what: string): void {
  if (!holds) throw new Failed(`step ${current}: expected ${what}`);
}
function step(id: string, title: string): void {
  current = `${id} (${title})`;
  say(`\n${id}. ${title}`);
}
/** A token as printed: its kind and a few characters, never the whole. */
const masked = (token: string | undefined) =>
  token ? `${token.slice(0, token.indexOf('-') + 1)}…(${token.length} chars)` : '(none)';
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** A JSON value with every object's keys in order. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;

type Body = Record<string, unknown>;
interface Match {
  channel_id: string;
  channel_name: string | null;
  conversation_label?: string;
  user_id: string;
  user_name?: string;
  ts: string;
  text: string;
  workspace?: string;
}

// An API client limited to Grid HQ (API_TOKENS_FILE `workspaces`), reading with the service's org-wide token.
const scratch = mkdtempSync(join(tmpdir(), 'grid-walk-'));
const tokensPath = join(scratch, 'api-tokens.json');
const hqAgent = randomBytes(24).toString('base64url');
writeFileSync(
  tokensPath,
  JSON.stringify([
    {
      name: 'hq-agent',
      sha256: createHash('sha256').update(hqAgent).digest('hex'),
      projects: '*',
      workspaces: [T.hq],
    },
  ]),
);

const slack = await startGridSlack();
const replica = await startReplica({
  slack,
  config: { API_TOKENS_FILE: tokensPath, SLACK_USER_TOKEN: K.orgAna },
});
const { base } = replica;

/** A tool's structured answer (or its error body), as a bare MCP client calls it. */
async function tool(token: string, name: string, args: Body) {
  const res = await mcpTool(base, token, name, args);
  const json = (await res.json()) as {
    result?: { isError?: boolean; structuredContent?: Body; content?: Array<{ text: string }> };
  };
  const { result } = json;
  const body = result?.isError
    ? (JSON.parse(result.content?.[0]?.text ?? '{}') as Body)
    : (result?.structuredContent ?? (json as Body));
  return { status: res.status, body, isError: result?.isError === true };
}

async function rest(path: string, token: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, cache: res.headers.get('x-cache'), body: (await res.json()) as Body };
}

const matchesOf = (body: Body) =>
  ((body.messages as { matches?: Match[] } | undefined)?.matches ?? []) as Match[];
const where = (m: Match) => (m.channel_name ? `#${m.channel_name}` : (m.conversation_label ?? m.channel_id));
const line = (m: Match) => `    [${m.workspace ?? '—'}] ${where(m)} ${m.user_name}: "${m.text}"`;
const errorLine = (status: number, body: Body) => `  → ${status} ${body.code}: ${body.message}`;

/** The Slack calls a step made: how many of each method, with the workspace (team_id) where one was sent. */
function slackCalls(since: number): string {
  const counts = new Map<string, number>();
  for (const c of slack.calls.slice(since)) {
    const key = c.params.team_id ? `${c.method}(${c.params.team_id})` : c.method;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join(', ') || 'none';
}

/** A search over MCP, timed (printed, not asserted), with the Slack calls it made. */
async function timedSearch(token: string, args: Body) {
  const since = slack.calls.length;
  const started = performance.now();
  const answer = await tool(token, 'slack_search_messages', args);
  const ms = performance.now() - started;
  return { ...answer, ms, calls: slackCalls(since) };
}

function perWorkspace(matches: Match[]): string {
  const counts = new Map<string, number>();
  for (const m of matches) counts.set(m.workspace ?? '—', (counts.get(m.workspace ?? '—') ?? 0) + 1);
  return [...counts].map(([w, n]) => `${w} ${n}`).join(', ');
}

try {
  say(`# Enterprise Grid walk: the service at ${base}, the fake Slack at ${slack.url}`);

  step('1', 'The fake Slack serves Grid Corp and Side Project, with Slack OAuth; the service listens');
  const org = slack.organisation;
  expect(org !== undefined, 'the fake to serve an organisation');
  say(
    `  organisation ${org?.enterprise.name} (${org?.enterprise.id}): ${org?.teams.map((t) => `${t.name} (${t.id})`).join(', ')}`,
  );
  say(`  outside it: ${slack.workspaces.map((w) => `${w.team.name} (${w.team.id})`).join(', ')}`);
  const health = await fetch(`${base}/healthz`);
  say(`  GET /healthz → ${health.status}`);
  expect(health.status === 200, 'the service to start');

  step('2', 'How the app is set up for an org-wide install');
  const manifest = readFileSync(
    fileURLToPath(new URL('../docs/slack-app-manifest.yml', import.meta.url)),
    'utf8',
  );
  const orgDeploy = /org_deploy_enabled: (\w+)/.exec(manifest)?.[1];
  say(
    `  docs/slack-app-manifest.yml ships settings.org_deploy_enabled: ${orgDeploy}; docs/enterprise-grid.md step 1 sets it true for an org-wide install (the fake Slack reads no manifest: it installs org-wide for any person of the organisation)`,
  );
  const approved = new Set<string>(org?.approved ?? []);
  for (const t of org?.teams ?? [])
    say(`  ${t.name} (${t.id}): ${approved.has(t.id) ? 'app approved' : 'app NOT approved'}`);
  expect(
    orgDeploy !== undefined && approved.has(T.hq) && approved.has(T.labs) && !approved.has(T.sales),
    'the manifest to carry the setting, and the app approved in Grid HQ and Grid Labs, not in Grid Sales',
  );

  step(
    '3a',
    `Ana Silva (${U.ana}) signs in through an MCP client (the MCP SDK's auth()) with the org-wide install`,
  );
  let since = slack.calls.length;
  const { tokens } = await signInWithSdk(base, U.ana, 'Walk agent');
  const ana = tokens.access_token;
  const orgTokens = (org?.tokens ?? []).filter(
    (t) => t.userId === U.ana && t.orgWide && /^xoxp-[0-9a-f]{24}$/.test(t.token),
  );
  say(`  client "Walk agent" → access_token ${ana.slice(0, 4)}…, scope ${tokens.scope}`);
  say(`  Slack calls: ${slackCalls(since)}`);
  say(
    `  Slack minted ${orgTokens.length} org-wide token for her: ${masked(orgTokens[0]?.token)} (one token for Grid Corp, no workspace token)`,
  );
  expect(orgTokens.length === 1, 'one org-wide Slack token for Ana');

  step('3b', "Ana's page (/signin) names the organisation and the workspaces it reads");
  const browser = await signedInBrowser(base, U.ana);
  const page = await pageOf(browser, base);
  for (const w of page.workspaces)
    say(`  ${w.name} (${w.id}), ${w.what}; as ${w.userId}; reads ${w.reads ?? '—'}`);
  expect(
    same(page.workspaces, [
      {
        id: GRID.enterprise.id,
        name: 'Grid Corp',
        what: 'organisation: every workspace of it that you and this app may read',
        userId: U.ana,
        reads: 'Grid HQ, Grid Labs',
      },
    ]),
    'Grid Corp alone, reading Grid HQ and Grid Labs',
  );

  step('4', 'She adds her Side Project workspace on the page (another Slack sign-in, as U0SIDEANA)');
  since = slack.calls.length;
  const added = await addWorkspace(browser, base, U.sideAna);
  say(
    `  POST /signin/workspaces/add → ${added.status} to fake Slack ${new URL(added.slackPage).pathname}; back at ${added.back}`,
  );
  say(`  Slack calls: ${slackCalls(since)}`);
  const afterAdd = await pageOf(browser, base, added.back);
  const notice = afterAdd.html.includes('Workspace added: your clients now read it too');
  say(`  page: ${notice ? '"Workspace added: your clients now read it too, …"' : '(no notice)'}`);
  for (const w of afterAdd.workspaces)
    say(`  ${w.name} (${w.id}), ${w.what}; as ${w.userId}; reads ${w.reads ?? '—'}`);
  const sideToken = slack.workspaces[0]?.tokens.filter((t) => t.userId === U.sideAna).at(-1)?.token;
  say(`  Side Project's token for her: ${masked(sideToken)}`);
  expect(
    added.status === 303 && added.back === '/signin?added=1' && notice,
    'a 303 back to the page, saying so',
  );
  expect(
    same(
      afterAdd.workspaces.map((w) => [w.name, w.userId]),
      [
        ['Grid Corp', U.ana],
        ['Side Project', U.sideAna],
      ],
    ),
    'Grid Corp and Side Project listed',
  );

  step(
    '5a',
    'tools/call slack_search_messages {query: "rollout", count: 20}, with the grant she gave before adding',
  );
  const search = await timedSearch(ana, { query: 'rollout', count: 20 });
  const matches = matchesOf(search.body);
  say(
    `  → ${search.status}: ${matches.length} matches of total ${(search.body.messages as { total: number }).total} (${perWorkspace(matches)}), ${search.ms.toFixed(0)} ms`,
  );
  for (const m of matches) say(line(m));
  say(`  summary: ${search.body.summary}`);
  say(`  Slack calls: ${search.calls}`);
  const shared = matches.filter((m) => m.channel_id === C.launchShared);
  const sharedTs = shared.map((m) => m.ts);
  expect(search.status === 200 && !search.isError, 'a 200');
  expect(
    same([...new Set(matches.map((m) => m.workspace))].sort(), ALL_READS),
    'hits from each of the three workspaces',
  );
  expect(
    matches.every(
      (m) => m.user_name && m.user_name !== m.user_id && (m.channel_name || m.conversation_label),
    ),
    'every author and conversation named, not an id',
  );
  expect(shared.length === 3 && new Set(sharedTs).size === 3, 'the three #launch-shared messages each once');
  expect(
    String(search.body.summary).includes('Searched 3 workspaces (Grid HQ, Grid Labs and Side Project)'),
    'the summary to name the three workspaces',
  );

  step('5b', 'The same search on REST: GET /search/messages?query=rollout&count=20');
  const again = await rest('/search/messages?query=rollout&count=20', ana);
  // Compared field by field: REST's serializer writes a match's fields in its schema's order, MCP's JSON as built.
  const sameMatches = same(sorted(again.body.messages), sorted(search.body.messages));
  say(
    `  → ${again.status}, X-Cache ${again.cache}: ${matchesOf(again.body).length} matches, the same as over MCP: ${sameMatches}`,
  );
  say(`  summary: ${again.body.summary}`);
  expect(again.status === 200 && sameMatches, 'the same matches as over MCP');

  step('5c', 'tools/call slack_search_channels {query: "general"}, then {query: "launch"}');
  const general = await tool(ana, 'slack_search_channels', { query: 'general' });
  const launch = await tool(ana, 'slack_search_channels', { query: 'launch' });
  for (const [name, answer] of [
    ['general', general],
    ['launch', launch],
  ] as const) {
    const found =
      (answer.body.channels as Array<{ name: string; workspace?: string; channel_id: string }>) ?? [];
    say(`  "${name}" → ${answer.status}: ${found.map((c) => `#${c.name} (${c.workspace})`).join(', ')}`);
    say(`    summary: ${answer.body.summary}`);
  }
  const generals = (general.body.channels as Array<{ name: string; workspace: string }>) ?? [];
  const launches = (launch.body.channels as Array<{ channel_id: string; workspace: string }>) ?? [];
  expect(
    same(generals.map((c) => c.workspace).sort(), ALL_READS),
    'a #…general channel from each workspace, each naming its workspace',
  );
  expect(launches.length === 1 && launches[0]?.channel_id === C.launchShared, '#launch-shared once');

  step('5d', 'tools/call slack_search_users {query: "ana"}, then {query: "pat"}');
  const anas = await tool(ana, 'slack_search_users', { query: 'ana' });
  const people =
    (anas.body.users as Array<{ user_id: string; real_name: string; title: string; workspace: string }>) ??
    [];
  say(
    `  "ana" → ${anas.status}: ${people.map((p) => `${p.real_name} (${p.user_id}, ${p.title}, ${p.workspace})`).join('; ')}`,
  );
  say(`    summary: ${anas.body.summary}`);
  expect(
    same(
      people.map((p) => [p.user_id, p.workspace]),
      [
        [U.ana, 'Grid HQ'],
        [U.sideAna, 'Side Project'],
      ],
    ),
    'Ana of Grid Corp once (one W… id in Grid HQ and Grid Labs) and her Side Project account',
  );
  const pat = await tool(ana, 'slack_search_users', { query: 'pat' });
  say(
    `  "pat" → ${pat.status}: ${((pat.body.users as unknown[]) ?? []).length} people. Pat Reyes (Partner Co, Slack Connect) is in no workspace's directory (users.list), so people search does not find him`,
  );
  expect(
    pat.status === 200 && ((pat.body.users as unknown[]) ?? []).length === 0,
    'no one: Pat is not in a directory',
  );

  step(
    '5e',
    `tools/call slack_get_channel_history {channel_id: "${C.partnerConnect}"} (#partner-connect, Slack Connect)`,
  );
  const connect = await tool(ana, 'slack_get_channel_history', { channel_id: C.partnerConnect });
  const connectMessages = (connect.body.messages as Match[]) ?? [];
  say(`  → ${connect.status}: #${connect.body.channel_name}`);
  for (const m of connectMessages) say(`    ${m.user_name} (${m.user_id}): "${m.text}"`);
  expect(
    connectMessages.some((m) => m.user_id === U.pat && m.user_name === 'pat'),
    'Pat Reyes named (pat) in the channel he shares',
  );

  step(
    '6a',
    'A read naming Grid Sales, where the app is not approved: GET /search/messages?query=rollout&workspace=Grid%20Sales',
  );
  const sales = await rest('/search/messages?query=rollout&workspace=Grid%20Sales', ana);
  say(errorLine(sales.status, sales.body));
  say(
    '  (auth.teams.list lists only the workspaces the app is approved in, so the service cannot tell Grid Sales from a name it never heard: the 404 says what would make another of the organisation readable)',
  );
  expect(
    sales.status === 404 &&
      sales.body.code === 'AS_ERR_UNKNOWN_WORKSPACE' &&
      String(sales.body.message).includes('"Grid Sales"') &&
      String(sales.body.message).includes('until an admin of the organisation adds the app to them'),
    'a 404 naming Grid Sales, the workspaces she can read and what an admin does',
  );

  step('6b', `Dev Rao (${U.dev}), only in Grid Sales, signs in with the org-wide install and searches`);
  const dev = await signInWithSdk(base, U.dev, 'Dev agent');
  const devSearch = await rest('/search/messages?query=deck', dev.tokens.access_token);
  say(errorLine(devSearch.status, devSearch.body));
  expect(
    devSearch.status === 403 && devSearch.body.code === 'AS_ERR_NO_WORKSPACE',
    '403 AS_ERR_NO_WORKSPACE saying an admin adds the app',
  );

  step(
    '6c',
    "An admin withdraws the app from Grid Labs (the fake's approvals); Slack answers team_access_not_granted",
  );
  if (org) org.approved = [T.hq];
  const labs = await rest('/search/messages?query=rollout&count=5&workspace=Grid%20Labs', ana);
  say(`  GET /search/messages?query=rollout&count=5&workspace=Grid%20Labs`);
  say(errorLine(labs.status, labs.body));
  const without = await rest('/search/messages?query=rollout&count=5', ana);
  say(
    `  GET /search/messages?query=rollout&count=5 → ${without.status}: ${perWorkspace(matchesOf(without.body))}`,
  );
  say(`  summary: ${without.body.summary}`);
  if (org) org.approved = [T.hq, T.labs];
  const back = await rest('/search/messages?query=rollout&count=5&workspace=Grid%20Labs', ana);
  say(
    `  approved again: the same read → ${back.status}, ${matchesOf(back.body).length} matches (the refusal was not kept)`,
  );
  expect(
    labs.status === 403 &&
      labs.body.code === 'AS_ERR_SLACK_GRID_RESTRICTED' &&
      String(labs.body.message).includes('team_access_not_granted'),
    '403 AS_ERR_SLACK_GRID_RESTRICTED naming team_access_not_granted',
  );
  expect(
    without.status === 200 &&
      !matchesOf(without.body).some((m) => m.workspace === 'Grid Labs') &&
      String(without.body.summary).includes('Grid Labs did not answer'),
    'the other workspaces answering, Grid Labs named in the summary',
  );
  expect(back.status === 200 && matchesOf(back.body).length > 0, 'Grid Labs read again once approved');

  step(
    '6d',
    'A workspace she cannot read: tools/call slack_search_messages {query: "rollout", workspace: "Grid Moon"}',
  );
  const moon = await tool(ana, 'slack_search_messages', { query: 'rollout', workspace: 'Grid Moon' });
  say(`  → HTTP ${moon.status}, tool error ${moon.body.statusCode} ${moon.body.code}: ${moon.body.message}`);
  expect(
    moon.isError && moon.body.statusCode === 404 && moon.body.code === 'AS_ERR_UNKNOWN_WORKSPACE',
    'a 404 tool error listing the workspaces she can read',
  );
  expect(
    ALL_READS.every((w) => String(moon.body.message).includes(w)),
    'the message to list Grid HQ, Grid Labs and Side Project',
  );

  step(
    '6e',
    'API client "hq-agent" (API_TOKENS_FILE workspaces ["T07GRIDHQ"]; the service\'s org-wide token) reads Grid Labs',
  );
  const refused = await rest(`/search/messages?query=rollout&workspace=${T.labs}`, hqAgent);
  say(`  GET /search/messages?query=rollout&workspace=${T.labs}`);
  say(errorLine(refused.status, refused.body));
  const own = await rest('/search/messages?query=rollout&count=20', hqAgent);
  const ownChannels = [...new Set(matchesOf(own.body).map(where))];
  say(
    `  without workspace → ${own.status}: ${matchesOf(own.body).length} matches, all Grid HQ's (${ownChannels.join(', ')})`,
  );
  expect(
    refused.status === 403 && refused.body.code === 'AS_ERR_WORKSPACE_NOT_ALLOWED',
    '403 AS_ERR_WORKSPACE_NOT_ALLOWED naming the workspace and those it may read',
  );
  expect(
    own.status === 200 && !ownChannels.some((c) => ['#labs-general', '#labs-secret'].includes(c)),
    "only Grid HQ's messages",
  );

  step('7', 'Ana removes Side Project on her page; one more search');
  const form = { csrf: afterAdd.csrf ?? '', workspace: T.side };
  const removed = await browser.request(`${base}/signin/workspaces/remove`, { method: 'POST', form });
  const location = removed.headers.get('location') ?? '';
  say(`  POST /signin/workspaces/remove {workspace: ${T.side}} → ${removed.status} ${location}`);
  const afterRemove = await pageOf(browser, base, location);
  for (const w of afterRemove.workspaces) say(`  ${w.name} (${w.id}), ${w.what}; reads ${w.reads ?? '—'}`);
  const sideStatus = slack.workspaces[0]?.tokens.find((t) => t.token === sideToken)?.status;
  say(`  Side Project's token at Slack: ${sideStatus}`);
  const last = await timedSearch(ana, { query: 'rollout', count: 20 });
  const lastMatches = matchesOf(last.body);
  say(
    `  slack_search_messages {query: "rollout", count: 20} → ${last.status}: ${lastMatches.length} matches (${perWorkspace(lastMatches)}), ${last.ms.toFixed(0)} ms`,
  );
  say(`  summary: ${last.body.summary}`);
  say(
    `  Slack calls: ${last.calls}${last.calls === 'none' ? " (HQ's and Labs' parts answered from the service's cache since 5a)" : ''}`,
  );
  expect(removed.status === 303 && location === '/signin?removed=1', 'a 303 back to the page');
  expect(
    same(
      afterRemove.workspaces.map((w) => w.name),
      ['Grid Corp'],
    ) && sideStatus === 'revoked',
    'Grid Corp left, Side Project token revoked',
  );
  expect(
    same([...new Set(lastMatches.map((m) => m.workspace))].sort(), ORG_READS) &&
      String(last.body.summary).includes('Searched 2 workspaces (Grid HQ and Grid Labs)'),
    'hits from Grid HQ and Grid Labs only, the summary naming them',
  );

  step('8', 'Every answer against the committed OpenAPI document');
  const violations = takeContractViolations();
  say(
    `  ${violations.length} responses differ from openapi/openapi.json${violations.length ? `: ${violations.join('; ')}` : ''}`,
  );
  expect(violations.length === 0, 'none');

  say('\nEvery step held.');
} catch (err) {
  say(`\nFAILED: ${err instanceof Failed ? err.message : `step ${current}: ${(err as Error).stack}`}`);
  process.exitCode = 1;
} finally {
  await replica.app.close();
  await slack.close();
  rmSync(scratch, { recursive: true, force: true });
}

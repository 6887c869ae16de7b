import { createHash } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_LONG_THREAD,
  DEMO_OTHER_USER_ID,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  type FakeSlack,
} from '../../fake-slack/index.js';
import type { AuditRecord } from '../../src/governance/audit/record.js';
import { API_TOKEN, errorBody } from '../helper.js';
import { bearer, connectHttp, structured } from '../mcp/mcp-client.js';
import { launchChromium } from '../sign-in/chromium.js';
import { type SignInReplica, startOAuthSlack, startReplica } from '../sign-in/sign-in-harness.js';
import { searchAs, signInWithSdk } from '../sign-in/sign-in-steps.js';
import { steady } from './audit-kit.js';

// Who reads the audit: API tokens with the admin area and the people ADMIN_PEOPLE names, nobody else (a
// person not even their own records). Signed-in people's reads are recorded as them, with their OAuth client.
// The admin page in a real browser.

const ADMIN_TOKEN = 'audit-admin-token-5c1e';
const SLACK_ONLY_TOKEN = 'audit-slack-only-token-9d2b';
const MAYA = `${DEMO_TEAM_ID}:${DEMO_USER_ID}`;
const LEO = `${DEMO_TEAM_ID}:${DEMO_OTHER_USER_ID}`;
const sha = (token: string) => createHash('sha256').update(token).digest('hex');

let slack: FakeSlack;
let replica: SignInReplica;
let dir: string;
let maya: string;
let mayaClient: string;
let leo: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'admin-audit-'));
  const file = join(dir, 'tokens.json');
  writeFileSync(
    file,
    JSON.stringify([
      { name: 'security', sha256: sha(ADMIN_TOKEN), projects: '*', access: ['admin'] },
      { name: 'ci', sha256: sha(SLACK_ONLY_TOKEN), projects: '*', access: ['slack'] },
    ]),
  );
  slack = await startOAuthSlack();
  replica = await startReplica({
    slack,
    config: { API_TOKENS_FILE: file, ADMIN_PEOPLE: ` ${LEO} ,T0OTHER:U0OTHER` },
  });
  const signedIn = await signInWithSdk(replica.base, DEMO_USER_ID, 'Audit Agent');
  maya = signedIn.tokens.access_token;
  mayaClient = signedIn.provider.clientInformation()?.client_id as string;
  leo = (await signInWithSdk(replica.base, DEMO_OTHER_USER_ID, 'Leo CLI')).tokens.access_token;
});
afterAll(async () => {
  await replica?.app.close();
  await slack?.close();
  await rm(dir, { recursive: true, force: true });
});

const audit = async (query: string, token?: string) => {
  const res = await fetch(`${replica.base}/admin/audit${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as { records: AuditRecord[]; next_cursor?: string } };
};

describe('a signed-in person’s reads are recorded as them, with their OAuth client', () => {
  it('REST and /mcp', async () => {
    expect((await searchAs(replica.base, maya, 'deploy')).status).toBe(200);
    const client = await connectHttp(replica.base, bearer(maya));
    try {
      const { channel, ts } = DEMO_LONG_THREAD;
      structured(
        await client.callTool({
          name: 'slack_get_thread_replies',
          arguments: { channel_id: channel, thread_ts: ts, limit: 1 },
        }),
      );
    } finally {
      await client.close();
    }
    await replica.app.audit.trail.flush();
    const { status, body } = await audit(`?person=${MAYA}`, ADMIN_TOKEN);
    expect(status).toBe(200);
    const who = { kind: 'person', id: MAYA, team_id: DEMO_TEAM_ID, user_id: DEMO_USER_ID };
    const oauth = { id: mayaClient, name: 'Audit Agent' };
    expect(body.records.map((r) => [r.read, r.who, r.client, r.status])).toEqual([
      ['thread-replies', who, { via: 'mcp', ...oauth }, 'ok'],
      ['search-messages', who, { via: 'rest', ...oauth }, 'ok'],
    ]);
    expect(body.next_cursor).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(maya);
  });
});

describe('GET /admin/audit: admins only', () => {
  const refused = (why: string) =>
    errorBody(403, 'AS_ERR_ADMIN_ONLY', `The audit is for admins only: ${why}`);

  it('refuses, naming why: an API token without the admin area, a person ADMIN_PEOPLE does not name', async () => {
    expect(await audit('', API_TOKEN)).toEqual({
      status: 403,
      body: refused('the API token "api-token-1" has no admin access area (API_TOKENS_FILE "access")'),
    });
    expect(await audit('', SLACK_ONLY_TOKEN)).toEqual({
      status: 403,
      body: refused('the API token "ci" has no admin access area (API_TOKENS_FILE "access")'),
    });
    // Not even her own records.
    expect(await audit(`?person=${MAYA}`, maya)).toEqual({
      status: 403,
      body: refused(`you are signed in as ${MAYA}, who is not named in ADMIN_PEOPLE`),
    });
    const anonymous = await audit('');
    expect(anonymous.status).toBe(401);
  });

  it('answers an admin token and a person ADMIN_PEOPLE names, the same records', async () => {
    const byToken = await audit('', ADMIN_TOKEN);
    const byLeo = await audit('', leo);
    expect(byToken.status).toBe(200);
    expect(byLeo).toEqual(byToken);
    expect(byToken.body.records.length).toBeGreaterThanOrEqual(2);
  });

  it('the admin token reaches no read: admin is an area of its own', async () => {
    expect((await searchAs(replica.base, ADMIN_TOKEN, 'deploy')).body).toEqual(
      errorBody(403, 'AS_ERR_ACCESS_FORBIDDEN', 'This token may not use the slack routes'),
    );
  });

  it('pages with a cursor, newest first, each record once', async () => {
    for (const q of ['launch', 'incident', 'billing']) await searchAs(replica.base, maya, q);
    await replica.app.audit.trail.flush();
    const whole = (await audit('?limit=200', ADMIN_TOKEN)).body.records;
    const paged: AuditRecord[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await audit(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`, ADMIN_TOKEN);
      expect(page.status).toBe(200);
      expect(page.body.records.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.records);
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    expect(paged).toEqual(whole);
    expect(whole.map((r) => (r.params as { query?: string }).query).slice(0, 3)).toEqual([
      'billing',
      'incident',
      'launch',
    ]);
  });

  it('filters by client, read, channel and time', async () => {
    const ids = async (query: string) =>
      (await audit(query, ADMIN_TOKEN)).body.records.map((r) => `${r.read}:${r.client.via}`);
    expect(await ids('?client=Audit%20Agent&read=thread-replies')).toEqual(['thread-replies:mcp']);
    // The thread asked about it; the later search for "incident" returned messages of it.
    expect(await ids(`?channel=${DEMO_LONG_THREAD.channel}`)).toEqual([
      'search-messages:rest',
      'thread-replies:mcp',
    ]);
    expect(await ids(`?client=${encodeURIComponent(mayaClient)}&read=search-messages`)).toHaveLength(4);
    expect(await ids(`?since=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
    expect(await ids('?until=2000-01-01T00:00:00Z')).toEqual([]);
    const recent = await audit(
      `?since=${new Date(Date.now() - 60_000).toISOString()}&read=search-messages&limit=1`,
      ADMIN_TOKEN,
    );
    expect(steady(recent.body.records[0] as AuditRecord).params.query).toBe('billing');
  });

  it('bad input: 400 naming it', async () => {
    expect(await audit('?cursor=nope', ADMIN_TOKEN)).toEqual({
      status: 400,
      body: errorBody(
        400,
        'AS_ERR_BAD_REQUEST',
        'cursor is not one this service gave: pass next_cursor as it came',
      ),
    });
    const tooMany = await audit('?limit=500', ADMIN_TOKEN);
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as unknown as { message: string }).message).toMatch(/limit/);
    const since = await audit('?since=yesterday', ADMIN_TOKEN);
    expect(since.status).toBe(400);
    expect((since.body as unknown as { message: string }).message).toMatch(/since/);
    const channel = await audit('?channel=general', ADMIN_TOKEN);
    expect(channel.status).toBe(400);
    expect((channel.body as unknown as { message: string }).message).toMatch(/channel/);
  });
});

describe('the admin page, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const signInAs = async (user: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${replica.base}/signin`);
    await page.click('#sign-in');
    await page.click(`button[value="${user}"]`);
    await page.waitForURL(`${replica.base}/signin`);
    return { context, page };
  };

  it('an admin sees recent reads with person, client and read, and filters them', async () => {
    const { context, page } = await signInAs(DEMO_OTHER_USER_ID);
    await page.goto(`${replica.base}/admin`);
    expect(await page.title()).toBe('Recent reads · agent-search');
    const rows = await page.$$eval('#reads tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText)),
    );
    expect(rows.length).toBe(5);
    const thread = rows.find((cells) => cells[3] === 'thread-replies');
    expect(thread?.slice(1, 7)).toEqual([
      MAYA,
      'mcp\nAudit Agent',
      'thread-replies',
      '200',
      `1 messages, 1 channels\n${DEMO_LONG_THREAD.channel}`,
      '—',
    ]);
    await page.fill('#filter-read', 'thread-replies');
    await page.click('#filter');
    await page.waitForURL(/read=thread-replies/);
    expect(await page.$$eval('#reads tbody tr', (trs) => trs.length)).toBe(1);
    const shot = join(dir, 'admin-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    await context.close();
  });

  it('someone ADMIN_PEOPLE does not name is refused, and told why', async () => {
    const { context, page } = await signInAs(DEMO_USER_ID);
    const res = await page.goto(`${replica.base}/admin`);
    expect(res?.status()).toBe(403);
    expect(await page.textContent('h1')).toBe('Admins only');
    expect(await page.textContent('p')).toBe(
      `The audit is for admins only: you are signed in as ${MAYA}, who is not named in ADMIN_PEOPLE.`,
    );
    await context.close();
  });
});

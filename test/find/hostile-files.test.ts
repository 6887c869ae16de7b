import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDemoWorkspace,
  DEMO_GUEST_TOKEN,
  DEMO_OTHER_TOKEN,
  DEMO_OTHER_USER_ID,
} from '../../fake-slack/index.js';
import type { WorkspaceFile } from '../../fake-slack/workspace-types.js';
import { encodeFindCursor } from '../../src/slack/find-cursor.js';
import { authHeaders, buildHarness, errorBody, get, type Harness } from '../helper.js';
import { connectHttp, toolError } from '../mcp/mcp-client.js';

// Issue 34: files a member can make, names only for those Slack shows them to, access lost in time, and the
// small defects (a malformed redirect, a cursor of the other backend, min_score not finite).

const LAUNCH_Q2 = 'C07LAUNCHQ';
const file = (id: string, content: string, extra: Partial<WorkspaceFile> = {}): WorkspaceFile => ({
  id,
  name: `${id.toLowerCase()}.html`,
  title: id,
  user: 'U07MAYACHN',
  created: 1_772_323_200,
  filetype: 'html',
  mimetype: 'text/html',
  prettyType: 'HTML',
  mode: 'hosted',
  channels: ['C07GENERAL'],
  content,
  ...extra,
});
const NESTED = `${'<div>'.repeat(4000)}deep${'</div>'.repeat(4000)}`;
const LONG = `<p>${'word '.repeat(417_000)}</p>`;

let h: Harness;
let now = Date.now();
beforeAll(async () => {
  const workspace = createDemoWorkspace();
  workspace.files?.push(
    file('F0NESTED01', NESTED),
    file('F0MENTIONS', '&lt;@UAAAA|'.repeat(8000)),
    file('F0LONGTEXT', LONG),
    file('F0NAMESCNV', `<p>Pricing is decided in &lt;#${LAUNCH_Q2}&gt;.</p>`),
    file('F0REDIRECT', '<p>x</p>', { redirectTo: 'http://127.0.0.1:41001.evil/x' }),
    file('F0PRIVATEF', '<p>Draft prices.</p>', { channels: [LAUNCH_Q2], user: 'U07SOFIAGA' }),
    file('F0PEOPLECV', '<p>Ask &lt;@U07PRIYASH&gt; or &lt;@U07LEOPARK&gt;.</p>'),
    file('F0CHANNELS', '<p>Announced in &lt;#C07ENGINRG&gt;.</p>'),
  );
  h = await buildHarness({ fake: { workspace }, clock: () => now });
});
afterAll(() => h.close());

const as = (token: string) => authHeaders({ 'x-slack-token': token });

describe('HTML files any member can make', () => {
  it('4,000 nested <div>: the text, not a 500', async () => {
    const res = await get(h.app, '/files/F0NESTED01');
    expect(res.status).toBe(200);
    expect({ text: res.body.text, summary: res.body.summary }).toEqual({
      text: 'deep',
      summary: 'Read HTML "F0NESTED01" by @maya: 43 KB of HTML as 4 characters of Markdown-like text.',
    });
  });

  it('8,000 half-typed mentions: read as the text they are', async () => {
    const res = await get(h.app, '/files/F0MENTIONS?max_text_chars=24');
    expect({ status: res.status, text: res.body.text, chars: res.body.text_chars }).toEqual({
      status: 200,
      text: '<@UAAAA|<@UAAAA|<@UAAAA|',
      chars: 64_000,
    });
  });

  it('a text past 2,000,000 characters is cut there, and the summary says so', async () => {
    const res = await get(h.app, '/files/F0LONGTEXT?max_text_chars=10');
    expect({ status: res.status, text: res.body.text, chars: res.body.text_chars }).toEqual({
      status: 200,
      text: 'word word ',
      chars: 1_999_999,
    });
    expect(res.body.summary).toBe(
      'Read HTML "F0LONGTEXT" by @maya: 2.0 MB of HTML as 1999999 characters of Markdown-like text. Only the first 95% of its HTML was converted: the conversion stopped at the text limit (2,000,000 characters); the rest is in Slack. Showing characters 0–10 of 1999999: continue with GET /files/F0LONGTEXT?offset=10 (max_text_chars=0 reads it all).',
    );
  });
});

describe('names only for those Slack shows them to', () => {
  it("a private channel's name is shown to its member, never to a non-member or a guest after them", async () => {
    const read = async (token: string) => (await get(h.app, '/files/F0NAMESCNV', as(token))).body.text;
    expect(await read(DEMO_OTHER_TOKEN)).toBe('Pricing is decided in #launch-q2.');
    expect(await read('xoxp-demo-user')).toBe(`Pricing is decided in #${LAUNCH_Q2}.`);
    expect(await read(DEMO_GUEST_TOKEN)).toBe(`Pricing is decided in #${LAUNCH_Q2}.`);
    expect(await read(DEMO_OTHER_TOKEN)).toBe('Pricing is decided in #launch-q2.');
  });

  it("a person's name is shown to a guest only when Slack shows them that person, whoever asked first", async () => {
    const read = async (token: string) => (await get(h.app, '/files/F0PEOPLECV', as(token))).body.text;
    // Maya first, so the workspace's memo holds both names; Val (a guest who may see Leo, not Priya) next.
    expect(await read('xoxp-demo-user')).toBe('Ask @priya or @leo.');
    expect(await read(DEMO_GUEST_TOKEN)).toBe('Ask @U07PRIYASH or @leo.');
    expect(await read(DEMO_OTHER_TOKEN)).toBe('Ask @priya or @leo.');
  });

  it("a public channel's name is not shown to a guest who is not in it (Slack shows a guest only their channels)", async () => {
    const read = async (token: string) => (await get(h.app, '/files/F0CHANNELS', as(token))).body.text;
    expect(await read('xoxp-demo-user')).toBe('Announced in #engineering.');
    expect(await read(DEMO_GUEST_TOKEN)).toBe('Announced in #C07ENGINRG.');
    expect(await read(DEMO_OTHER_TOKEN)).toBe('Announced in #engineering.');
  });

  it('a member removed from a private channel reads its file for at most 60 s, then 404, never a stale copy', async () => {
    const read = () => get(h.app, '/files/F0PRIVATEF', as(DEMO_OTHER_TOKEN));
    expect((await read()).status).toBe(200);
    h.slack.removeMember(LAUNCH_Q2, DEMO_OTHER_USER_ID);
    now += 30_000;
    expect((await read()).status).toBe(200);
    now += 31_000;
    expect((await read()).body).toEqual(
      errorBody(
        404,
        'AS_ERR_SLACK_NOT_FOUND',
        'Slack: no file F0PRIVATEF that this Slack user can see (file_not_found)',
      ),
    );
    now += 1_000;
    h.slack.inject({ method: 'files.info', kind: 'http', status: 500, times: 3 });
    expect((await read()).status).toBe(502);
  });

  it('Slack denying access is a 403, not a 502 answered from a cached copy', async () => {
    h.slack.inject({ method: 'files.info', kind: 'error', error: 'access_denied' });
    expect((await get(h.app, '/files/F0NESTED01', as(DEMO_GUEST_TOKEN))).body).toEqual(
      errorBody(403, 'AS_ERR_SLACK_ACCESS_DENIED', 'Slack denied this user access: access_denied'),
    );
  });
});

describe('smaller defects', () => {
  it('a download redirecting to a malformed URL is metadata with a note, not a 500', async () => {
    const res = await get(h.app, '/files/F0REDIRECT');
    expect({ status: res.status, text: res.body.text }).toEqual({ status: 200, text: null });
    expect(res.body.summary).toMatch(
      /^Read the metadata of HTML "F0REDIRECT" by @maya \(8 B\); no text was read: it was not downloaded: 127\.0\.0\.1:\d+ redirects to something that is not a URL\. Open it in Slack: /,
    );
  });

  it.each(['/search/users?query=maya', '/search/files?query=runbook', '/search/channels?query=deploy'])(
    'SLACK_SEARCH_BACKEND=legacy holds for a real-time search cursor: %s',
    async (path) => {
      h.slack.reset();
      const cursor = encodeFindCursor({ kind: 'rts', cursor: 'bGFzdA==', seen: 5 });
      const res = await get(h.app, `${path}&cursor=${cursor}`);
      expect(res.body).toEqual(
        errorBody(
          400,
          'AS_ERR_BAD_REQUEST',
          "querystring/cursor was issued by Slack's real-time search, which this service does not use (SLACK_SEARCH_BACKEND=legacy): search again without it",
        ),
      );
      expect(h.slack.count('assistant.search.context')).toBe(0);
    },
  );

  it.each(['Infinity', '-Infinity', '1e400', '2'])('min_score=%s is a 400 naming it', async (value) => {
    const res = await get(h.app, `/search/messages?query=deploy&min_score=${value}`);
    expect(res.body).toEqual(
      errorBody(400, 'FST_ERR_VALIDATION', 'querystring/min_score must be a number from 0 to 1'),
    );
  });

  it('min_score "Infinity" over MCP is a tool error naming it', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const client = await connectHttp(base);
    try {
      const result = await client.callTool({
        name: 'slack_search_messages',
        arguments: { query: 'deploy', min_score: 'Infinity' },
      });
      expect(toolError(result)).toEqual(
        errorBody(400, 'FST_ERR_VALIDATION', 'arguments/min_score must be a number from 0 to 1'),
      );
    } finally {
      await client.close();
    }
  });
});

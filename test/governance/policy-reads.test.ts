import { beforeEach, describe, expect, it } from 'vitest';
import { authHeaders, errorBody } from '../helper.js';
import { structured, toolError } from '../mcp/mcp-client.js';
import { useMcpHarness } from '../support/mcp-harness.js';
import { policyFile, standInPerson } from './policy-harness.js';

const INCIDENTS = 'C07INCIDNT';
const POLICY = {
  deny_channels: { ids: [INCIDENTS], names: ['legal', 'deploys-*'] },
  conversation_kinds: {
    everyone: ['public', 'private', 'mpim', 'im'],
    clients: { 'api-token-2': ['public'] },
  },
  redact: { terms: [{ name: 'codename', literal: 'web-app' }] },
};
const SECOND = 'second-api-token-5d1c';
const denied = (what: string) =>
  errorBody(
    403,
    'AS_ERR_POLICY_DENIED',
    `The company's policy does not let agents read ${what} (POLICY_FILE)`,
  );
const scopeMessage = (what: string, scope: string) =>
  `insufficient_scope: this client may not read ${what}; the person can grant it the scope ${scope} by signing in again`;
const challenge = (what: string, scope: string) =>
  `Bearer realm="agent-search", error="insufficient_scope", scope="${scope}", error_description="${scopeMessage(what, scope)}"`;

type Match = { channel_id: string; channel_name: string | null; text: string; conversation_label?: string };

for (const backend of ['legacy', 'rts'] as const) {
  describe(`the policy on every read (${backend} search)`, () => {
    // A minute passes between tests: Real-time Search allows a user 10 searches a minute.
    let shift = 0;
    beforeEach(() => {
      shift += 61_000;
    });
    const ctx = useMcpHarness({
      clock: () => Date.now() + shift,
      config: {
        POLICY_FILE: policyFile(POLICY),
        SLACK_SEARCH_BACKEND: backend,
        API_TOKENS: `test-api-token-7f3a9c,${SECOND}`,
      },
      beforeReady: standInPerson,
    });
    const get = async (url: string, extra: Record<string, string> = {}) => {
      const r = await ctx.h.app.inject({ url, headers: authHeaders(extra) });
      return { status: r.statusCode, body: r.json(), challenge: r.headers['www-authenticate'] };
    };

    it('search leaves out denied channels on REST and MCP, says how many, and redacts company terms', async () => {
      const rest = await get('/search/messages?query=incident&count=20');
      const mcp = structured(
        await ctx.client.callTool({
          name: 'slack_search_messages',
          arguments: { query: 'incident', count: 20 },
        }),
      );
      for (const body of [rest.body, mcp]) {
        const matches = body.messages.matches as Match[];
        expect(matches.length).toBeGreaterThan(0);
        expect(
          matches.filter((m) => m.channel_id === INCIDENTS || m.channel_name?.startsWith('deploys-')),
        ).toEqual([]);
        expect(body.summary).toMatch(
          / messages? in conversations the company's policy keeps from agents (were|was) withheld\.$/,
        );
        expect(body.summary.startsWith(`Found ${body.messages.total} message`)).toBe(true);
      }
      const deploy = await get('/search/messages?query=deploy&count=20');
      const texts = (deploy.body.messages.matches as Match[]).map((m) => m.text).join('\n');
      expect(texts).toContain('[redacted: codename]');
      expect(texts).not.toContain('web-app');
    });

    it('compact text is written from the governed answer', async () => {
      const r = await ctx.h.app.inject({
        url: '/search/messages?query=incident&count=20&response_format=compact',
        headers: authHeaders(),
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toContain(INCIDENTS);
      expect(r.body).toContain("in conversations the company's policy keeps from agents");
    });

    it('history, threads, context and files in a denied channel are a 403 naming the policy, on REST and MCP', async () => {
      expect(await get(`/channels/${INCIDENTS}/history`)).toEqual({
        status: 403,
        body: denied(INCIDENTS),
        challenge: undefined,
      });
      expect(await get('/channels/%23deploys-2025/history')).toEqual({
        status: 403,
        body: denied('#deploys-2025'),
        challenge: undefined,
      });
      expect((await get('/channels/C07DEPLOYS/history')).body).toEqual(denied('C07DEPLOYS'));
      expect((await get(`/threads/${INCIDENTS}/1773133920.004100`)).body).toEqual(denied(INCIDENTS));
      const link = `https://acme-demo.slack.com/archives/${INCIDENTS}/p1773133920004100`;
      expect((await get(`/messages/context?url=${encodeURIComponent(link)}`)).body).toEqual(
        denied(INCIDENTS),
      );
      expect((await get('/files/F07RUNBOOK')).body).toEqual(denied('file F07RUNBOOK'));
      for (const [name, args, what] of [
        ['slack_get_channel_history', { channel_id: INCIDENTS }, INCIDENTS],
        ['slack_get_thread_replies', { channel_id: INCIDENTS, thread_ts: '1773133920.004100' }, INCIDENTS],
        ['slack_get_message_context', { url: link }, INCIDENTS],
        ['slack_read_file', { file_id: 'F07RUNBOOK' }, 'file F07RUNBOOK'],
      ] as const)
        expect(toolError(await ctx.client.callTool({ name, arguments: args }))).toEqual(denied(what));
      // An allowed channel still reads.
      expect((await get('/channels/C07ENGINRG/history?limit=1')).status).toBe(200);
    });

    it('file search and channel search leave out what lives only in denied channels', async () => {
      const files = await get('/search/files?query=runbook');
      expect(files.body.files.matches.map((f: { file_id: string }) => f.file_id)).not.toContain('F07RUNBOOK');
      expect(files.body.summary).toContain(
        "1 file in conversations the company's policy keeps from agents was withheld.",
      );
      const channels = await get('/search/channels?query=deploys&include_archived=true');
      expect(channels.body.channels.map((c: { name: string }) => c.name)).toEqual(['engineering']);
      expect(channels.body.summary).toContain(
        "1 channel in conversations the company's policy keeps from agents was withheld.",
      );
    });

    it('kinds per client: a token the policy allows public channels only reads no DM and no private channel', async () => {
      const other = { authorization: `Bearer ${SECOND}` };
      const dm = await ctx.h.app.inject({ url: '/channels/D07MAYALEO/history', headers: other });
      expect(dm.json()).toEqual(denied('direct messages (D07MAYALEO)'));
      const search = await ctx.h.app.inject({
        url: '/search/messages?query=on-call&count=50',
        headers: other,
      });
      const full = await get('/search/messages?query=on-call&count=50');
      const publicOnly = (full.body.messages.matches as Match[]).filter(
        (m) => !m.conversation_label && m.channel_id !== 'C07PLATLDS',
      );
      expect(publicOnly.length).toBeLessThan(full.body.messages.matches.length);
      expect(search.json().messages.matches).toEqual(publicOnly);
    });

    describe('consent levels', () => {
      const as = (scope: string) => ({ 'x-test-grant': scope });

      it('slack:public: private channels, group DMs and DMs are a scope challenge; search keeps public channels', async () => {
        expect(await get('/channels/C07PLATLDS/history', as('slack:public'))).toEqual({
          status: 403,
          body: errorBody(
            403,
            'AS_ERR_INSUFFICIENT_SCOPE',
            scopeMessage('C07PLATLDS (private channels)', 'slack:private'),
          ),
          challenge: challenge('C07PLATLDS (private channels)', 'slack:private'),
        });
        expect((await get('/channels/G07MPDMMLP/history', as('slack:public'))).challenge).toBe(
          challenge('G07MPDMMLP (group DMs)', 'slack:private'),
        );
        expect((await get('/channels/D07MAYALEO/history', as('slack:public'))).challenge).toBe(
          challenge('D07MAYALEO (direct messages)', 'slack:dm'),
        );
        expect((await get('/channels/C07ENGINRG/history?limit=1', as('slack:public'))).status).toBe(200);
        const search = await get('/search/messages?query=on-call&count=50', as('slack:public'));
        for (const m of search.body.messages.matches as Match[]) {
          expect(m.conversation_label).toBeUndefined();
          expect(m.channel_id).not.toBe('C07PLATLDS');
        }
      });

      it('slack:private reads private channels and group DMs, not DMs; slack:dm and slack:read read all', async () => {
        expect((await get('/channels/C07PLATLDS/history?limit=1', as('slack:private'))).status).toBe(200);
        expect((await get('/channels/G07MPDMMLP/history?limit=1', as('slack:private'))).status).toBe(200);
        expect((await get('/channels/D07MAYALEO/history', as('slack:private'))).challenge).toBe(
          challenge('D07MAYALEO (direct messages)', 'slack:dm'),
        );
        for (const scope of ['slack:dm', 'slack:read'])
          expect((await get('/channels/D07MAYALEO/history?limit=1', as(scope))).status).toBe(200);
        const dms = await get('/search/messages?query=on-call&count=50', as('slack:private'));
        const all = await get('/search/messages?query=on-call&count=50');
        expect(all.status, JSON.stringify(all.body)).toBe(200);
        const notDms = (all.body.messages.matches as Match[]).filter((m) => !m.channel_id.startsWith('D'));
        expect(notDms.length).toBeLessThan(all.body.messages.matches.length);
        expect(dms.body.messages.matches).toEqual(notDms);
      });

      it('over /mcp a scope challenge is the HTTP 403 the MCP authorization spec describes', async () => {
        const address = ctx.h.app.server.address() as { port: number };
        const r = await fetch(`http://127.0.0.1:${address.port}/mcp`, {
          method: 'POST',
          headers: {
            ...authHeaders(as('slack:public')),
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'slack_get_channel_history', arguments: { channel_id: 'D07MAYALEO' } },
          }),
        });
        expect({
          status: r.status,
          challenge: r.headers.get('www-authenticate'),
          body: await r.json(),
        }).toEqual({
          status: 403,
          challenge: challenge('D07MAYALEO (direct messages)', 'slack:dm'),
          body: errorBody(
            403,
            'AS_ERR_INSUFFICIENT_SCOPE',
            scopeMessage('D07MAYALEO (direct messages)', 'slack:dm'),
          ),
        });
      });
    });
  });
}

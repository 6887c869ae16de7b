import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createGridOrganisation, createSideWorkspace, GRID, gridTs } from '../../fake-slack/index.js';
import { get } from '../helper.js';
import { useMcpHarness } from '../support/mcp-harness.js';

// Ana's org-wide token reads Grid HQ and Grid Labs: one search, REST and MCP, answers from both, each match
// naming its workspace, #launch-shared (in both) once, one cursor to the end; a workspace Slack refuses is named.

const { channels: C, tokens: K, users: U, teams: T } = GRID;
const ctx = useMcpHarness({
  fake: { organisation: createGridOrganisation(), workspaces: [createSideWorkspace()] },
  config: { SLACK_USER_TOKEN: K.orgAna },
});

const HQ = 'https://gridcorp-hq.slack.com/archives';
const LABS = 'https://gridcorp-labs.slack.com/archives';
const hit = (
  workspace: 'Grid HQ' | 'Grid Labs',
  [channel_id, channel_name]: [string, string | null],
  [user_id, username]: [string, string],
  at: number,
  text: string,
  thread = false,
) => ({
  channel_id,
  channel_name,
  user_id,
  username,
  ts: gridTs(at),
  text,
  permalink: `${workspace === 'Grid HQ' ? HQ : LABS}/${channel_id}/p${gridTs(at).replace('.', '')}${thread ? `?thread_ts=${gridTs(40)}&cid=${channel_id}` : ''}`,
  ...(thread ? { thread_ts: gridTs(40) } : {}),
  user_name: username,
  ...(channel_name === null ? { conversation_label: `DM with @${username}` } : {}),
  workspace,
});
const ana: [string, string] = [U.ana, 'ana'];
const ben: [string, string] = [U.ben, 'ben'];
const chloe: [string, string] = [U.chloe, 'chloe'];
const launch: [string, string] = [C.launchShared, 'launch-shared'];

// Every "rollout" message Ana reads in Grid HQ and Grid Labs, newest first.
const ALL = [
  hit('Grid HQ', [C.dmAnaBen, null], ben, 110, 'can you review the rollout doc?'),
  hit('Grid Labs', [C.labsSecret, 'labs-secret'], chloe, 90, 'secret rollout budget approved'),
  hit('Grid HQ', [C.partnerConnect, 'partner-connect'], ben, 80, 'thanks Pat, see you at the rollout'),
  hit('Grid HQ', [C.partnerConnect, 'partner-connect'], [U.pat, 'pat'], 70, 'Partner side rollout confirmed'),
  hit('Grid HQ', launch, chloe, 60, 'Labs is ready for the rollout too', true),
  hit('Grid HQ', launch, ben, 50, 'HQ is ready for the rollout', true),
  hit('Grid HQ', launch, ana, 40, 'Shared launch rollout checklist, both workspaces please'),
  hit(
    'Grid Labs',
    [C.labsGeneral, 'labs-general'],
    [U.gia, 'gia'],
    30,
    'guest question: when is the rollout demo?',
  ),
  hit('Grid Labs', [C.labsGeneral, 'labs-general'], chloe, 20, 'Labs rollout of the new model is green'),
  hit('Grid HQ', [C.hqGeneral, 'hq-general'], ana, 10, 'HQ rollout starts Tuesday'),
  hit('Grid HQ', [C.hqGeneral, 'hq-general'], ben, 0, 'HQ rollout plan is in the doc'),
];
const TWO =
  'Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each match names its workspace.';
const REST_HINTS =
  'Whole thread: GET /threads/{channel_id}/{thread_ts}. Around a match: GET /messages/context?url=<permalink>. Full Slack objects: response_format=detailed.';
const MCP_HINTS =
  'Whole thread: use slack_get_thread_replies with channel_id and thread_ts. Around a match: slack_get_message_context with url=<permalink>. Full Slack objects: response_format=detailed.';
const rollout = '/search/messages?query=rollout&sort=timestamp&highlight=false';

describe('one search across an organisation, with an org-wide token', () => {
  it('REST: hits from both workspaces, each named, a shared channel once, the totals summed', async () => {
    const res = await get(ctx.h.app, `${rollout}&count=20`);
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'search.messages',
      semantic: false,
      // HQ 8 and Labs 6, #launch-shared's 3 in each.
      messages: { total: 14, matches: ALL },
      summary: `Found 14 messages, showing 11. ${TWO} ${REST_HINTS}`,
    });
    expect(
      ctx.h.slack.calls.filter((c) => c.method === 'search.messages').map((c) => c.params.team_id),
    ).toEqual(expect.arrayContaining([T.hq, T.labs]));
  });

  it('MCP: the same answer, in the tool’s words', async () => {
    const result = (await ctx.client.callTool({
      name: 'slack_search_messages',
      arguments: { query: 'rollout', sort: 'timestamp', highlight: false, count: 20 },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'search.messages',
      semantic: false,
      messages: { total: 14, matches: ALL },
      summary: `Found 14 messages, showing 11. ${TWO} ${MCP_HINTS}`,
    });
  });

  it('one cursor pages through to the end: every hit once, in order, the same total', async () => {
    const seen: unknown[] = [];
    const totals: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(ctx.h.app, `${rollout}&count=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = res.body as {
        messages: { total: number; matches: unknown[] };
        response_metadata?: { next_cursor: string };
      };
      seen.push(...body.messages.matches);
      totals.push(body.messages.total);
      cursor = body.response_metadata?.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(ALL);
    expect(totals).toEqual([14, 14, 14, 14]);
  });

  it('a workspace Slack refuses is named while the other answers; the cursor asks it again', async () => {
    // Grid HQ's page is kept from a search in it alone: only Grid Labs asks Slack, and the fault queue refuses it.
    const hq = await get(ctx.h.app, `/search/messages?query=ready&count=1&workspace=${T.hq}`);
    expect(hq.status).toBe(200);
    ctx.h.slack.inject({ kind: 'error', method: 'search.messages', error: 'ratelimited' });
    const res = await get(ctx.h.app, '/search/messages?query=ready&count=1');
    const next = (res.body.response_metadata as { next_cursor: string }).next_cursor;
    expect(res.body).toEqual({
      ok: true,
      query: 'ready',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 2,
        matches: [{ ...hit('Grid HQ', launch, ben, 50, 'HQ is *ready* for the rollout', true) }],
      },
      summary: `Found 2 messages, showing 1. Use next_cursor for more results. ${TWO} Grid Labs did not answer (Slack rate limit for search.messages: retry after 30 s): its matches are missing here; next_cursor asks it again. ${REST_HINTS}`,
      response_metadata: { next_cursor: next },
    });
    // Grid Labs resumes from its first page, Grid HQ after the one it showed.
    const [, labs] = JSON.parse(Buffer.from(next.slice(4), 'base64url').toString()) as unknown[][];
    expect(labs).toEqual([T.labs, 0, '', 0]);
  });
});

describe('files across an organisation', () => {
  const brief = {
    file_id: GRID.files.launchBrief,
    title: 'Launch brief',
    file_type: 'quip',
    kind: 'canvases',
    user_id: U.ana,
    user_name: 'ana',
    created: '2026-03-09T10:45:00Z',
    permalink: `https://gridcorp-hq.slack.com/docs/${T.hq}/${GRID.files.launchBrief}`,
    workspace: 'Grid HQ',
  };
  const notes = {
    file_id: GRID.files.labsNotes,
    title: 'Labs rollout notes',
    file_type: 'text',
    kind: 'snippets',
    user_id: U.chloe,
    user_name: 'chloe',
    created: '2026-03-09T10:25:00Z',
    permalink: `https://gridcorp-labs.slack.com/files/${U.chloe}/${GRID.files.labsNotes}/labs-rollout-notes.txt`,
    preview: 'Rollout notes: model v2 to 10% on Tuesday.',
    workspace: 'Grid Labs',
  };
  const FILES_TWO =
    'Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each file names its workspace.';

  it('REST and compact: files of both workspaces, each named, a canvas shared into both once', async () => {
    const res = await get(ctx.h.app, '/search/files?query=rollout');
    expect(res.body).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'legacy',
      // HQ finds the canvas, Labs the canvas and its notes.
      files: { total: 3, matches: [brief, notes] },
      summary: `Found 3 files, showing 2. ${FILES_TWO} Read one: GET /files/{file_id}.`,
    });
    const text = await ctx.h.app.inject({
      url: '/search/files?query=rollout&response_format=compact',
      headers: { authorization: 'Bearer test-api-token-7f3a9c' },
    });
    expect(text.body).toBe(
      [
        `Found 3 files, showing 2. ${FILES_TWO} Read one: GET /files/{file_id}.`,
        'query: rollout',
        `users: @ana=${U.ana}, @chloe=${U.chloe}`,
        '',
        `${brief.file_id} canvas "Launch brief" @ana 2026-03-09 Grid HQ ${brief.permalink}`,
        '',
        `${notes.file_id} snippet "Labs rollout notes" @chloe 2026-03-09 Grid Labs ${notes.permalink}`,
        'Rollout notes: model v2 to 10% on Tuesday.',
        '',
      ].join('\n'),
    );
  });

  it('MCP: the same files', async () => {
    const result = (await ctx.client.callTool({
      name: 'slack_search_files',
      arguments: { query: 'rollout' },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({
      ok: true,
      query: 'rollout',
      backend: 'legacy',
      files: { total: 3, matches: [brief, notes] },
      summary: `Found 3 files, showing 2. ${FILES_TWO} Read one: slack_read_file with file_id.`,
    });
  });

  // A file shared into two workspaces is shown once a page; on a later page it can come again (its concise form
  // does not say which workspace is its home), so this walk takes two a page.
  it('one cursor, two files a page, to the end', async () => {
    const seen: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(
        ctx.h.app,
        `/search/files?query=rollout&count=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = res.body as { files: { matches: unknown[] }; response_metadata?: { next_cursor: string } };
      seen.push(...body.files.matches);
      cursor = body.response_metadata?.next_cursor;
      pages++;
    } while (cursor && pages < 6);
    expect(seen).toEqual([brief, notes]);
  });
});

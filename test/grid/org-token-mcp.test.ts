import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGridOrganisation, GRID, gridTs } from '../../fake-slack/index.js';
import { buildHarness, errorBody, type Harness } from '../helper.js';
import { connectHttp, structured, toolError } from '../mcp/mcp-client.js';
import { GROUPS, NOT_LISTED } from './grid-words.js';

// Every tool with an org-wide token (Ana's: Grid HQ and Grid Labs) and its `workspace` argument, over /mcp
// with the MCP SDK's client: the same reads as REST, their hints naming tools.

const { teams: T, channels: C, tokens: K } = GRID;

let h: Harness;
let client: Client;
beforeAll(async () => {
  h = await buildHarness({
    fake: { organisation: createGridOrganisation() },
    config: { SLACK_USER_TOKEN: K.orgAna },
  });
  client = await connectHttp(await h.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await client.close();
  await h.close();
});

const CASES: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
  [
    'slack_search_messages',
    'in Grid Labs, named by id',
    { query: 'green', workspace: T.labs },
    {
      ok: true,
      query: 'green',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 1,
        matches: [
          {
            channel_id: 'C07LABGENR',
            channel_name: 'labs-general',
            user_id: 'W07CHLOEKM',
            username: 'chloe',
            ts: '1773051600.000100',
            text: 'Labs rollout of the new model is *green*',
            permalink: 'https://gridcorp-labs.slack.com/archives/C07LABGENR/p1773051600000100',
            user_name: 'chloe',
          },
        ],
      },
      summary:
        'Found 1 message. Around a match: slack_get_message_context with url=<permalink>. Full Slack objects: response_format=detailed.',
    },
  ],
  [
    'slack_search_messages',
    'without workspace: every workspace the token reads, each match naming its own',
    { query: 'tuesday' },
    {
      ok: true,
      query: 'tuesday',
      backend: 'search.messages',
      semantic: false,
      messages: {
        total: 1,
        matches: [
          {
            channel_id: 'C07HQGENRL',
            channel_name: 'hq-general',
            user_id: 'W07ANASILV',
            username: 'ana',
            ts: '1773051000.000100',
            text: 'HQ rollout starts *Tuesday*',
            permalink: 'https://gridcorp-hq.slack.com/archives/C07HQGENRL/p1773051000000100',
            user_name: 'ana',
            workspace: 'Grid HQ',
          },
        ],
      },
      summary:
        'Found 1 message. Searched 2 workspaces (Grid HQ and Grid Labs): totals are their sum, and each match names its workspace. Around a match: slack_get_message_context with url=<permalink>. Full Slack objects: response_format=detailed.',
    },
  ],
  [
    'slack_get_thread_replies',
    'the shared channel’s thread, in Grid Labs named by name',
    { channel_id: C.launchShared, thread_ts: gridTs(40), workspace: 'Grid Labs' },
    {
      ok: true,
      messages: [
        {
          user_id: 'W07ANASILV',
          ts: '1773052800.000100',
          text: 'Shared launch rollout checklist, both workspaces please',
          thread_ts: '1773052800.000100',
          reply_count: 2,
          is_parent: true,
          user_name: 'ana',
          permalink: 'https://gridcorp.enterprise.slack.com/archives/C07LAUNCHX/p1773052800000100',
        },
        {
          user_id: 'W07BENOKAF',
          ts: '1773053400.000100',
          text: 'HQ is ready for the rollout',
          thread_ts: '1773052800.000100',
          parent_user_id: 'W07ANASILV',
          is_parent: false,
          user_name: 'ben',
          permalink:
            'https://gridcorp.enterprise.slack.com/archives/C07LAUNCHX/p1773053400000100?thread_ts=1773052800.000100&cid=C07LAUNCHX',
        },
        {
          user_id: 'W07CHLOEKM',
          ts: '1773054000.000100',
          text: 'Labs is ready for the rollout too',
          thread_ts: '1773052800.000100',
          parent_user_id: 'W07ANASILV',
          is_parent: false,
          user_name: 'chloe',
          permalink:
            'https://gridcorp.enterprise.slack.com/archives/C07LAUNCHX/p1773054000000100?thread_ts=1773052800.000100&cid=C07LAUNCHX',
        },
      ],
      has_more: false,
      summary: 'Found 3 messages in thread.',
    },
  ],
  [
    'slack_get_channel_history',
    'a #name found in the second workspace',
    { channel_id: '#labs-general', limit: 1 },
    {
      ok: true,
      channel_id: 'C07LABGENR',
      channel_name: 'labs-general',
      messages: [
        {
          user_id: 'W07GIAMORE',
          user_name: 'gia',
          ts: '1773052200.000100',
          text: 'guest question: when is the rollout demo?',
          permalink: 'https://gridcorp.enterprise.slack.com/archives/C07LABGENR/p1773052200000100',
        },
      ],
      has_more: true,
      response_metadata: { next_cursor: 'bmV4dF90czoxNzczMDUxNjAwMDAwMTAw' },
      summary: '1 message from #labs-general at 2026-03-09 10:30 UTC. Use next_cursor for older messages.',
    },
  ],
  [
    'slack_get_message_context',
    'a message in Grid Labs',
    { channel_id: C.labsGeneral, ts: gridTs(20), before: 0, after: 0, workspace: T.labs },
    {
      ok: true,
      channel_id: 'C07LABGENR',
      channel_name: 'labs-general',
      before: [],
      message: {
        user_id: 'W07CHLOEKM',
        user_name: 'chloe',
        ts: '1773051600.000100',
        text: 'Labs rollout of the new model is green',
        permalink: 'https://gridcorp.enterprise.slack.com/archives/C07LABGENR/p1773051600000100',
      },
      after: [],
      summary:
        'The message by @chloe at 2026-03-09 10:20 UTC in #labs-general, with 0 messages before it and 0 after, oldest first.',
    },
  ],
  [
    'slack_search_files',
    'files of Grid Labs',
    { query: 'notes', workspace: T.labs },
    {
      ok: true,
      query: 'notes',
      backend: 'legacy',
      files: {
        total: 1,
        matches: [
          {
            file_id: 'F07LABNOTE',
            title: 'Labs rollout notes',
            file_type: 'text',
            kind: 'snippets',
            user_id: 'W07CHLOEKM',
            user_name: 'chloe',
            created: '2026-03-09T10:25:00Z',
            permalink: 'https://gridcorp-labs.slack.com/files/W07CHLOEKM/F07LABNOTE/labs-rollout-notes.txt',
            preview: 'Rollout notes: model v2 to 10% on Tuesday.',
          },
        ],
      },
      summary: 'Found 1 file. Read one: slack_read_file with file_id.',
    },
  ],
  [
    'slack_read_file',
    'a file of Grid Labs',
    { file_id: GRID.files.labsNotes, workspace: T.labs },
    {
      ok: true,
      file: {
        file_id: 'F07LABNOTE',
        title: 'Labs rollout notes',
        name: 'labs-rollout-notes.txt',
        file_type: 'text',
        kind: 'snippets',
        mimetype: 'text/plain',
        size: 43,
        user_id: 'W07CHLOEKM',
        user_name: 'chloe',
        created: '2026-03-09T10:25:00Z',
        permalink: 'https://gridcorp-labs.slack.com/files/W07CHLOEKM/F07LABNOTE/labs-rollout-notes.txt',
      },
      text: 'Rollout notes: model v2 to 10% on Tuesday.\n',
      text_format: 'text',
      text_chars: 43,
      offset: 0,
      truncated: false,
      summary: 'Read Plain Text "Labs rollout notes" by @chloe: 43 B of text as 43 characters of text.',
    },
  ],
  [
    'slack_search_channels',
    'channels of Grid Labs',
    { query: 'secret', workspace: T.labs },
    {
      ok: true,
      query: 'secret',
      backend: 'legacy',
      searched: { entries: 3, complete: true },
      summary:
        'Found 1 channel. Searched all 3 channels you can see. Its messages: slack_get_channel_history with channel_id. Search in one: slack_search_messages with channel_ids=[channel_id].',
      channels: [
        {
          channel_id: 'G07LABSECR',
          name: 'labs-secret',
          topic: '',
          purpose: '',
          is_private: true,
          is_archived: false,
          num_members: 2,
          permalink: 'https://gridcorp.enterprise.slack.com/archives/G07LABSECR',
        },
      ],
    },
  ],
  [
    'slack_search_users',
    'people of Grid HQ',
    { query: 'ben', workspace: T.hq },
    {
      ok: true,
      query: 'ben',
      backend: 'legacy',
      searched: { entries: 2, complete: true },
      summary:
        'Found 1 person. Searched all 2 people you can see. Their messages: slack_search_messages with from_users=[user_id].',
      users: [
        {
          user_id: 'W07BENOKAF',
          name: 'ben',
          real_name: 'Ben Okafor',
          display_name: 'ben',
          title: 'Operations',
          is_bot: false,
          tz: 'Europe/London',
          permalink: 'https://gridcorp.enterprise.slack.com/team/W07BENOKAF',
        },
      ],
    },
  ],
  [
    'slack_search_usergroups',
    'user groups of Grid HQ',
    { query: 'ops', workspace: T.hq },
    {
      ok: true,
      query: 'ops',
      usergroups: [GROUPS.hqOps],
      summary:
        "Found 1 user group. A member's messages: slack_search_messages with from_users=[user_id]. Who they are: slack_search_users with query=user_name.",
    },
  ],
];

describe('tools with an org-wide token', () => {
  it.each(CASES)('%s: %s', async (name, _label, args, body) => {
    expect(structured(await client.callTool({ name, arguments: args }))).toEqual(body);
  });

  it('a workspace the token does not read is a tool error naming those it does', async () => {
    const result = await client.callTool({
      name: 'slack_search_messages',
      arguments: { query: 'x', workspace: 'Grid Sales' },
    });
    expect(toolError(result)).toEqual(
      errorBody(
        404,
        'AS_ERR_UNKNOWN_WORKSPACE',
        `No workspace "Grid Sales" among those you can read: Grid HQ (T07GRIDHQ), Grid Labs (T07GRIDLAB)${NOT_LISTED}`,
      ),
    );
  });
});

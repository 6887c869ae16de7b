import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type AccessArea, assertAccess } from '../plugins/api-tokens.js';
import { catalogBodyValidator } from '../schemas/body-validator.js';
import { SearchRequest, SearchResponse } from '../schemas/catalog.js';
import {
  type ChannelHistoryParams,
  ConciseHistoryBody,
  HistoryParams,
  HistoryQuery,
} from '../schemas/channels.js';
import { ConciseContextBody, ContextQuery, type MessageContextParams } from '../schemas/context.js';
import { SEARCH_LIST_PARAMS, splitLists } from '../schemas/list-params.js';
import { ConciseSearchBody, type SearchMessagesParams, SearchQuery } from '../schemas/search-messages.js';
import {
  ConciseThreadBody,
  ThreadParams,
  ThreadQuery,
  type ThreadRepliesParams,
} from '../schemas/threads.js';
import { bodyRules, type CheckArguments, queryRules } from './check-arguments.js';
import { lean, selfContained, shallowLists, withDefaultsOptional, withoutRequired } from './json-schema.js';
import type { McpCaller } from './mcp-caller.js';

/** What a tool answers: the body (`structuredContent`), and the text a model reads when it is not the body's JSON. */
export interface ToolAnswer {
  body: object;
  text?: string;
}

/** One MCP tool: what a client lists, how its arguments are checked, and the service call behind it. */
export interface McpTool {
  name: string;
  /** The access area a token needs to see and call the tool (API_TOKENS_FILE `access`). */
  area: AccessArea;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  check: CheckArguments;
  run: (app: FastifyInstance, caller: McpCaller, args: never) => Promise<ToolAnswer> | ToolAnswer;
}

/** Channel and user lists may come as one comma-separated string, as on REST. */
const listsSplit =
  (check: CheckArguments): CheckArguments =>
  (args) =>
    check(args && typeof args === 'object' ? splitLists({ ...args }, SEARCH_LIST_PARAMS) : args);

/**
 * One output schema for both bodies: the concise body's fields, of which only `ok` and `summary` are
 * required, since the detailed body (Slack's own, plus the summary) has those two and never a concise
 * field of another type.
 */
const eitherBody = (concise: TSchema) => ({
  ...shallowLists(withoutRequired(lean(selfContained(concise)))),
  required: ['ok', 'summary'],
});

/** An input schema as a model reads it: lean, defaults optional, a few words where a name is not enough. */
const toolInput = (schema: TSchema, hints: Record<string, string>) =>
  lean(withDefaultsOptional(selfContained(schema)), hints);

const FORMATS = 'response_format=compact costs the fewest tokens.';
const TEXT_CAP = '0 = whole';

const ThreadArguments = Type.Object(
  {
    channel_id: ThreadParams.properties.channel,
    thread_ts: ThreadParams.properties.ts,
    cursor: ThreadQuery.properties.cursor,
    limit: ThreadQuery.properties.limit,
    response_format: ThreadQuery.properties.response_format,
    max_text_chars: ThreadQuery.properties.max_text_chars,
  },
  { additionalProperties: false },
);
type ThreadArgs = Static<typeof ThreadArguments>;

const HistoryArguments = Type.Object(
  { channel_id: HistoryParams.properties.channel, ...HistoryQuery.properties },
  { additionalProperties: false },
);
type HistoryArgs = Static<typeof HistoryArguments>;

const { url, channel, ...contextRest } = ContextQuery.properties;
const ContextArguments = Type.Object(
  { url, channel_id: channel, ...contextRest },
  { additionalProperties: false },
);
type ContextArgs = Static<typeof ContextArguments>;

const searchMessages: McpTool = {
  name: 'slack_search_messages',
  area: 'slack',
  title: 'Search Slack messages',
  description: [
    'Search Slack messages.',
    'query: words, "phrases", -word, in:#channel, from:@user, before:/after:YYYY-MM-DD, is:thread; a question is searched by meaning where Slack AI search is on.',
    FORMATS,
  ].join(' '),
  annotations: { readOnlyHint: true, openWorldHint: true },
  inputSchema: toolInput(SearchQuery, {
    to_me: 'mentions + DMs of the user; query then optional',
    channel_ids: 'ids or #names',
    from_users: 'ids or @names',
    min_score: 'vs best score',
    max_text_chars: TEXT_CAP,
    include_context: 'messages around each match',
  }),
  outputSchema: eitherBody(ConciseSearchBody),
  check: listsSplit(queryRules(SearchQuery)),
  run: (app, caller, args: SearchMessagesParams) =>
    app.slackSearch.searchMessages(caller.slackAccess(), args, { surface: 'mcp' }),
};

const threadReplies: McpTool = {
  name: 'slack_get_thread_replies',
  area: 'slack',
  title: 'Read a Slack thread',
  description: ['Read a thread, oldest first; any ts in it works as thread_ts.', FORMATS].join(' '),
  annotations: { readOnlyHint: true, openWorldHint: true },
  inputSchema: toolInput(ThreadArguments, { max_text_chars: TEXT_CAP }),
  outputSchema: eitherBody(ConciseThreadBody),
  check: queryRules(ThreadArguments),
  run: (app, caller, { channel_id, thread_ts, ...query }: ThreadArgs) => {
    const params: ThreadRepliesParams = { channel: channel_id, ts: thread_ts, ...query };
    return app.slackSearch.threadReplies(caller.slackAccess(), params, { surface: 'mcp' });
  },
};

const channelHistory: McpTool = {
  name: 'slack_get_channel_history',
  title: "Read a Slack channel's messages",
  description: ["Read a channel's messages, newest first.", FORMATS].join(' '),
  annotations: { readOnlyHint: true, openWorldHint: true },
  area: 'slack',
  inputSchema: toolInput(HistoryArguments, { channel_id: 'id or #name', max_text_chars: TEXT_CAP }),
  outputSchema: eitherBody(ConciseHistoryBody),
  check: queryRules(HistoryArguments),
  run: (app, caller, { channel_id, ...query }: HistoryArgs) => {
    const params: ChannelHistoryParams = { channel: channel_id, ...query };
    return app.slackSearch.channelHistory(caller.slackAccess(), params, { surface: 'mcp' });
  },
};

const messageContext: McpTool = {
  name: 'slack_get_message_context',
  title: 'Read a Slack message in context',
  description: [
    'Read a message (url, or channel_id + ts) with the messages around it and its thread.',
    FORMATS,
  ].join(' '),
  annotations: { readOnlyHint: true, openWorldHint: true },
  area: 'slack',
  inputSchema: toolInput(ContextArguments, {
    channel_id: 'id or #name',
    max_text_chars: TEXT_CAP,
  }),
  outputSchema: eitherBody(ConciseContextBody),
  check: queryRules(ContextArguments),
  run: (app, caller, { channel_id, ...rest }: ContextArgs) => {
    const params: MessageContextParams = {
      ...rest,
      ...(channel_id === undefined ? {} : { channel: channel_id }),
    };
    return app.slackSearch.messageContext(caller.slackAccess(), params, { surface: 'mcp' });
  },
};

const searchTools: McpTool = {
  name: 'search_tools',
  area: 'catalog',
  title: 'Find relevant tools',
  description: [
    'Rank the tools you send by relevance (0–1) to the query; tools matching nothing are left out.',
  ].join(' '),
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: lean(selfContained(SearchRequest), {
    context: 'the wider task',
    tools: 'toolKey unique',
    maxResults: 'default 20, max 100',
  }),
  outputSchema: shallowLists(lean(selfContained(SearchResponse))),
  check: bodyRules(catalogBodyValidator, SearchRequest),
  run: async (app, caller, args: SearchRequest) => {
    assertAccess(caller.apiClient, 'catalog');
    return { body: await app.catalog.search(args, caller) };
  },
};

export const MCP_TOOLS: readonly McpTool[] = [
  searchMessages,
  threadReplies,
  channelHistory,
  messageContext,
  searchTools,
];

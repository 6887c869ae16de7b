import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type AccessArea, assertAccess } from '../plugins/api-tokens.js';
import { catalogBodyValidator } from '../schemas/body-validator.js';
import { SearchRequest, SearchResponse } from '../schemas/catalog.js';
import {
  type ChannelHistoryParams,
  ConciseHistoryBody,
  DetailedHistoryBody,
  HistoryParams,
  HistoryQuery,
} from '../schemas/channels.js';
import {
  ConciseContextBody,
  ContextQuery,
  DetailedContextBody,
  type MessageContextParams,
} from '../schemas/context.js';
import { SEARCH_LIST_PARAMS, splitLists } from '../schemas/list-params.js';
import {
  ConciseSearchBody,
  DetailedSearchBody,
  type SearchMessagesParams,
  SearchQuery,
} from '../schemas/search-messages.js';
import {
  ConciseThreadBody,
  DetailedThreadBody,
  ThreadParams,
  ThreadQuery,
  type ThreadRepliesParams,
} from '../schemas/threads.js';
import { bodyRules, type CheckArguments, queryRules } from './check-arguments.js';
import { selfContained, withDefaultsOptional } from './json-schema.js';
import type { McpCaller } from './mcp-caller.js';

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
  run: (app: FastifyInstance, caller: McpCaller, args: never) => Promise<object> | object;
}

/** Channel and user lists may come as one comma-separated string, as on REST. */
const listsSplit =
  (check: CheckArguments): CheckArguments =>
  (args) =>
    check(args && typeof args === 'object' ? splitLists({ ...args }, SEARCH_LIST_PARAMS) : args);

/** An output schema must be an object at its root: one of the concise and detailed bodies. */
const eitherBody = (concise: TSchema, detailed: TSchema) => ({
  type: 'object',
  anyOf: [selfContained(concise), selfContained(detailed)],
});

const ThreadArguments = Type.Object(
  {
    channel_id: ThreadParams.properties.channel,
    thread_ts: ThreadParams.properties.ts,
    cursor: ThreadQuery.properties.cursor,
    limit: ThreadQuery.properties.limit,
    response_format: ThreadQuery.properties.response_format,
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
    "Search the Slack messages the user can see (Slack's search.messages or Real-time Search API: `backend` says which).",
    'Where the workspace has Slack AI search, a question ("what did we decide about X?") is searched by meaning (`semantic`: true); include_context: true adds the messages around each match.',
    'Give `query` in Slack search syntax (words, "exact phrases", -word to exclude) and narrow it with channel_ids, from_users and after/before/on (YYYY-MM-DD, UTC).',
    'To find what is addressed to the user, set to_me: "true" for @-mentions in channels and direct messages, "mention" or "dm" for one side; query is then optional.',
    'Returns messages.matches (channel, author, ts, text, permalink; thread_ts for a message in a thread) and a one-line summary that says how many were found and what to do next.',
    'Keep response_format=concise (the default); ask for "detailed" only when you need what concise leaves out (the full Slack match objects: blocks, attachments, files, channel details): it is several times larger.',
    'More results: call again with the same arguments and cursor set to response_metadata.next_cursor.',
    'To read the whole thread of a match, call slack_get_thread_replies with its channel_id and thread_ts; for what was said around it, slack_get_message_context with its permalink as url.',
  ].join(' '),
  annotations: { title: 'Search Slack messages', readOnlyHint: true, openWorldHint: true },
  inputSchema: withDefaultsOptional(selfContained(SearchQuery)),
  outputSchema: eitherBody(ConciseSearchBody, DetailedSearchBody),
  check: listsSplit(queryRules(SearchQuery)),
  run: async (app, caller, args: SearchMessagesParams) =>
    (await app.slackSearch.searchMessages(caller.slackAccess(), args, { surface: 'mcp' })).body,
};

const threadReplies: McpTool = {
  name: 'slack_get_thread_replies',
  area: 'slack',
  title: 'Read a Slack thread',
  description: [
    "Read a Slack thread (Slack's conversations.replies): its root message and replies, oldest first.",
    'Pass channel_id and thread_ts as a slack_search_messages match gives them (the ts of any message in the thread also works).',
    'Returns messages (user_id, user_name, ts, text, permalink; the root has is_parent and reply_count), has_more and a one-line summary.',
    'limit is messages per page (default 100); while has_more is true, call again with cursor set to response_metadata.next_cursor.',
    'Keep response_format=concise (the default); "detailed" returns Slack\'s message objects unchanged, about twice as large.',
  ].join(' '),
  annotations: { title: 'Read a Slack thread', readOnlyHint: true, openWorldHint: true },
  inputSchema: withDefaultsOptional(selfContained(ThreadArguments)),
  outputSchema: eitherBody(ConciseThreadBody, DetailedThreadBody),
  check: queryRules(ThreadArguments),
  run: async (app, caller, { channel_id, thread_ts, ...query }: ThreadArgs) => {
    const params: ThreadRepliesParams = { channel: channel_id, ts: thread_ts, ...query };
    return (await app.slackSearch.threadReplies(caller.slackAccess(), params, { surface: 'mcp' })).body;
  },
};

const channelHistory: McpTool = {
  name: 'slack_get_channel_history',
  title: "Read a Slack channel's messages",
  description: [
    "Read a channel's top-level messages, newest first (Slack's conversations.history).",
    'channel_id is an id (C…, G…, D…) or a channel name after # (e.g. "#deploys").',
    'latest (default now) and oldest bound the window (Slack ts, exclusive unless inclusive); given only oldest, the page is the messages right after it.',
    'Returns messages (user_id, user_name, ts, text, permalink; thread roots have thread_ts and reply_count), has_more and a one-line summary naming the channel and the time span.',
    'limit is messages per page (default 20); while has_more is true, call again with cursor set to response_metadata.next_cursor.',
    "Read a thread root's replies with slack_get_thread_replies. Keep response_format=concise (the default).",
  ].join(' '),
  annotations: { title: "Read a Slack channel's messages", readOnlyHint: true, openWorldHint: true },
  area: 'slack',
  inputSchema: withDefaultsOptional(selfContained(HistoryArguments)),
  outputSchema: eitherBody(ConciseHistoryBody, DetailedHistoryBody),
  check: queryRules(HistoryArguments),
  run: async (app, caller, { channel_id, ...query }: HistoryArgs) => {
    const params: ChannelHistoryParams = { channel: channel_id, ...query };
    return (await app.slackSearch.channelHistory(caller.slackAccess(), params, { surface: 'mcp' })).body;
  },
};

const messageContext: McpTool = {
  name: 'slack_get_message_context',
  title: 'Read a Slack message in context',
  description: [
    "Read a Slack message with what was said around it: give url (a Slack message link, as pasted or a search match's permalink), or channel_id (id or #name) and ts (plus thread_ts for a reply).",
    'Returns message, up to before (default 5) channel messages before it and after (default 5) after it, oldest first (around its thread root for a reply), and thread, the first page of its thread when it has one, with a summary saying how to read further.',
    'At most 3 Slack calls. Keep response_format=concise (the default).',
  ].join(' '),
  annotations: { title: 'Read a Slack message in context', readOnlyHint: true, openWorldHint: true },
  area: 'slack',
  inputSchema: withDefaultsOptional(selfContained(ContextArguments)),
  outputSchema: eitherBody(ConciseContextBody, DetailedContextBody),
  check: queryRules(ContextArguments),
  run: async (app, caller, { channel_id, ...rest }: ContextArgs) => {
    const params: MessageContextParams = {
      ...rest,
      ...(channel_id === undefined ? {} : { channel: channel_id }),
    };
    return (await app.slackSearch.messageContext(caller.slackAccess(), params, { surface: 'mcp' })).body;
  },
};

const searchTools: McpTool = {
  name: 'search_tools',
  area: 'catalog',
  title: 'Find relevant tools',
  description: [
    'Rank the tools you list by how relevant each is to a task (the tool search MCP Router uses).',
    'Pass query as one or more sentences or keywords (e.g. ["send", "slack", "message"]), optionally context (the wider task; a weaker signal than query), and tools, each with a unique toolKey, its toolName, serverName and description.',
    'Returns results, most relevant first, each with relevance (0–1 and absolute: a weak best match stays low) and an explanation of which words matched where.',
    'Tools that match nothing are left out, so an empty list is a valid answer. At most maxResults results (default 20, at most 100).',
    'It ranks only the tools you send; it does not discover tools.',
  ].join(' '),
  annotations: { title: 'Find relevant tools', readOnlyHint: true, openWorldHint: false },
  inputSchema: selfContained(SearchRequest),
  outputSchema: selfContained(SearchResponse),
  check: bodyRules(catalogBodyValidator, SearchRequest),
  run: (app, caller, args: SearchRequest) => {
    assertAccess(caller.apiClient, 'catalog');
    return app.catalog.search(args, caller);
  },
};

export const MCP_TOOLS: readonly McpTool[] = [
  searchMessages,
  threadReplies,
  channelHistory,
  messageContext,
  searchTools,
];

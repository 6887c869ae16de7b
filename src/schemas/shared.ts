import type { TSchema } from '@sinclair/typebox';
import { SearchRequest, SearchResponse, SearchResult, ToolInfo } from './catalog.js';
import { ConciseHistoryBody, DetailedHistoryBody } from './channels.js';
import { ConciseContextBody, DetailedContextBody } from './context.js';
import { ErrorBody } from './error.js';
import { JsonRpcErrorAnswer } from './mcp.js';
import { ConciseSearchBody, DetailedSearchBody } from './search-messages.js';
import { ConciseChannelMessage, ConciseMatch, ConciseThreadMessage } from './slack.js';
import { ConciseThreadBody, DetailedThreadBody } from './threads.js';

/** Schemas with an `$id`, added once at the root: routes `$ref` them and they become OpenAPI components. */
export const sharedSchemas: TSchema[] = [
  ErrorBody,
  JsonRpcErrorAnswer,
  ConciseMatch,
  ConciseThreadMessage,
  ConciseSearchBody,
  DetailedSearchBody,
  ConciseThreadBody,
  DetailedThreadBody,
  ConciseChannelMessage,
  ConciseHistoryBody,
  DetailedHistoryBody,
  ConciseContextBody,
  DetailedContextBody,
  ToolInfo,
  SearchRequest,
  SearchResult,
  SearchResponse,
];

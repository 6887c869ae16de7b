import type { TSchema } from '@sinclair/typebox';
import { ConciseSearchBody, DetailedSearchBody } from '../routes/search-messages.schema.js';
import { ConciseThreadBody, DetailedThreadBody } from '../routes/threads.schema.js';
import { SearchRequest, SearchResponse, SearchResult, ToolInfo } from './catalog.js';
import { ErrorBody } from './error.js';
import { ConciseMatch, ConciseThreadMessage } from './slack.js';

/** Schemas with an `$id`, added once at the root: routes `$ref` them and they become OpenAPI components. */
export const sharedSchemas: TSchema[] = [
  ErrorBody,
  ConciseMatch,
  ConciseThreadMessage,
  ConciseSearchBody,
  DetailedSearchBody,
  ConciseThreadBody,
  DetailedThreadBody,
  ToolInfo,
  SearchRequest,
  SearchResult,
  SearchResponse,
];

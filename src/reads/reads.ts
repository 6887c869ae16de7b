import type { TSchema } from '@sinclair/typebox';
import { sharedSchemas } from '../schemas/shared.js';
import { channelHistoryRead } from './channel-history/definition.js';
import { messageContextRead } from './message-context/definition.js';
import type { ReadDefinition } from './read-definition.js';
import { searchMessagesRead } from './search-messages/definition.js';
import { searchToolsRead } from './search-tools/definition.js';
import { threadRepliesRead } from './thread-replies/definition.js';

/**
 * Every read, one line each: the REST routes, the MCP tools, the OpenAPI entries, the `initialize`
 * instructions and the README's tables are built from (or checked against) this list, in this order.
 */
export const READS: readonly ReadDefinition[] = [
  searchMessagesRead,
  threadRepliesRead,
  channelHistoryRead,
  messageContextRead,
  searchToolsRead,
];

/** Every schema with an `$id`: the shared ones, then each read's. */
export const ALL_SCHEMAS: readonly TSchema[] = [...sharedSchemas, ...READS.flatMap((read) => read.schemas)];

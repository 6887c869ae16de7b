import type { TSchema } from '@sinclair/typebox';
import { sharedSchemas } from '../schemas/shared.js';
import { channelHistoryRead } from './channel-history/definition.js';
import { messageContextRead } from './message-context/definition.js';
import type { ReadDefinition } from './read-definition.js';
import { readFileRead } from './read-file/definition.js';
import { searchChannelsRead } from './search-channels/definition.js';
import { searchFilesRead } from './search-files/definition.js';
import { searchMessagesRead } from './search-messages/definition.js';
import { searchToolsRead } from './search-tools/definition.js';
import { searchUsergroupsRead } from './search-usergroups/definition.js';
import { searchUsersRead } from './search-users/definition.js';
import { threadRepliesRead } from './thread-replies/definition.js';

/**
 * Every read, one line each: the REST routes, the MCP tools, the OpenAPI entries, the `initialize`
 * instructions, the rate gate's paces, the reference pages (docs/reads/) and the docs' tables are built
 * from (or checked against) this list, in this order.
 */
export const READS: readonly ReadDefinition[] = [
  searchMessagesRead,
  threadRepliesRead,
  channelHistoryRead,
  messageContextRead,
  searchFilesRead,
  readFileRead,
  searchChannelsRead,
  searchUsersRead,
  searchUsergroupsRead,
  searchToolsRead,
];

/** Every schema with an `$id`: the shared ones, then each read's (one a schema two reads list, once). */
export const ALL_SCHEMAS: readonly TSchema[] = [
  ...new Set([...sharedSchemas, ...READS.flatMap((read) => read.schemas)]),
];

import type { TSchema } from '@sinclair/typebox';
import { ErrorBody } from './error.js';
import { JsonRpcErrorAnswer } from './mcp.js';
import { ConciseChannelMessage, ConciseMatch, ConciseThreadMessage } from './slack.js';

/**
 * Schemas with an `$id` that more than one read shares, added once at the root: routes `$ref` them and they
 * become OpenAPI components. Each read adds its own (`schemas` in its definition; `ALL_SCHEMAS`).
 */
export const sharedSchemas: TSchema[] = [
  ErrorBody,
  JsonRpcErrorAnswer,
  ConciseMatch,
  ConciseThreadMessage,
  ConciseChannelMessage,
];

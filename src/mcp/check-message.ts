import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type JsonRpcErrorAnswer, McpMessage } from '../schemas/mcp.js';
import { mostSpecific } from '../schemas/typebox-problem.js';
import { describeProblem } from '../schemas/validation-message.js';

/** JSON-RPC 2.0 error codes this server answers itself. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

const envelope = TypeCompiler.Compile(McpMessage);

type Id = string | number | null;
const isId = (id: unknown): id is string | number =>
  (typeof id === 'string' && id.length <= 256) || Number.isSafeInteger(id);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const jsonRpcError = (id: Id, code: number, message: string): JsonRpcErrorAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

/** What is wrong with a tools/call's params, if anything (the SDK would answer -32603 with a zod dump). */
function toolCallProblem(params: unknown): string | undefined {
  if (!isObject(params)) return 'params must be an object with the tool name and its arguments';
  if (typeof params.name !== 'string') return 'params.name must be a string: the name of a tool';
  if (params.arguments !== undefined && !isObject(params.arguments))
    return "params.arguments must be an object of the tool's arguments (or left out)";
  return undefined;
}

/** Keys and values `params` may hold outside a tools/call's arguments (`_meta` included). */
export const MAX_PARAMS_ITEMS = 1000;
/** Top-level keys a tools/call's arguments may hold (the SDK copies each; our tools take a handful). */
export const MAX_ARGUMENT_KEYS = 100;

/** Keys and values in `value`, counting stops past `budget` (the nesting is bounded by the body limits). */
function itemsIn(value: unknown, budget: number, skip?: unknown): number {
  if (value === skip || typeof value !== 'object' || value === null) return 1;
  let count = 1;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    count += (Array.isArray(value) ? 0 : 1) + itemsIn(item, budget - count, skip);
    if (count > budget) break;
  }
  return count;
}

/**
 * Params the MCP SDK would spend long on (it copies `_meta` and every member of params and arguments
 * with zod: a 400,000-key `_meta` held the event loop 3–4 s): refused before it sees them.
 */
function paramsSizeProblem(params: unknown): string | undefined {
  if (!isObject(params)) return undefined;
  if (itemsIn(params, MAX_PARAMS_ITEMS, params.arguments) > MAX_PARAMS_ITEMS)
    return `params hold more than ${MAX_PARAMS_ITEMS} keys and values besides the tool's arguments (_meta included)`;
  if (isObject(params.arguments) && Object.keys(params.arguments).length > MAX_ARGUMENT_KEYS)
    return `params.arguments hold more than ${MAX_ARGUMENT_KEYS} arguments`;
  return undefined;
}

/** 2026-07-28's claim in a request's `_meta`: the revision it speaks (the SDK serves such a request). */
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
const claimsModern = (params: unknown) =>
  isObject(params) && isObject(params._meta) && PROTOCOL_VERSION_META in params._meta;

/**
 * What is wrong with an initialize's params, if anything (the SDK would answer -32603 with a zod dump).
 * Not asked of a 2026-07-28 request: that revision has no initialize, and the SDK answers it -32601 (404).
 */
function initializeProblem(params: unknown): string | undefined {
  if (claimsModern(params)) return undefined;
  if (!isObject(params)) return 'params must be an object with protocolVersion, capabilities and clientInfo';
  if (typeof params.protocolVersion !== 'string')
    return 'params.protocolVersion must be a string, the MCP version the client speaks (e.g. "2025-06-18")';
  if (!isObject(params.capabilities))
    return "params.capabilities must be an object of the client's capabilities";
  const info = params.clientInfo;
  if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string')
    return "params.clientInfo must be an object with the client's name and version (strings)";
  return undefined;
}

const PARAMS_PROBLEMS = new Map<unknown, (params: unknown) => string | undefined>([
  ['initialize', initializeProblem],
  ['tools/call', toolCallProblem],
]);

/**
 * A JSON-RPC 2.0 request or notification exactly as sent (ids keep their type), or the error answer it
 * gets: -32600 for an invalid request (an id that is not a string or an integer among them, answered with
 * id null), -32602 for a tools/call whose params are not a tool name and an object of arguments, or an
 * initialize without a protocol version, capabilities and client name and version, and for params past
 * MAX_PARAMS_ITEMS or arguments past MAX_ARGUMENT_KEYS.
 */
export function checkMessage(value: unknown): { message: JSONRPCMessage } | { answer: JsonRpcErrorAnswer } {
  if (!isObject(value))
    return {
      answer: jsonRpcError(
        null,
        INVALID_REQUEST,
        'Invalid Request: send one JSON-RPC 2.0 object (no batches)',
      ),
    };
  const hasId = 'id' in value;
  if (hasId && !isId(value.id))
    return {
      answer: jsonRpcError(
        null,
        INVALID_REQUEST,
        'Invalid Request: id must be a string (at most 256 characters) or an integer',
      ),
    };
  const id = hasId ? (value.id as string | number) : null;
  if (!envelope.Check(value)) {
    const first = envelope.Errors(value).First();
    const problem = describeProblem('', first && mostSpecific(first));
    return { answer: jsonRpcError(id, INVALID_REQUEST, `Invalid Request: ${problem}`) };
  }
  const problem = paramsSizeProblem(value.params) ?? PARAMS_PROBLEMS.get(value.method)?.(value.params);
  if (problem) return { answer: jsonRpcError(id, INVALID_PARAMS, `Invalid params: ${problem}`) };
  return { message: value as JSONRPCMessage };
}

import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { TSchema } from '@sinclair/typebox';
import type { ReadDefinition } from '../reads/read-definition.js';
import { READS } from '../reads/reads.js';
import { splitLists } from '../schemas/list-params.js';
import { bodyRules, type CheckArguments, queryRules } from './check-arguments.js';
import { lean, selfContained, shallowLists, withDefaultsOptional, withoutRequired } from './json-schema.js';

/** One MCP tool: what a client lists, how its arguments are checked, and the read behind it. */
export interface McpTool {
  name: string;
  read: ReadDefinition;
  listed: {
    name: string;
    title: string;
    description: string;
    annotations: ToolAnnotations;
    inputSchema: { type: 'object' };
    outputSchema: { type: 'object' };
  };
  check: CheckArguments;
}

/** List values may come as one comma-separated string, as on REST. */
const listsSplit =
  (check: CheckArguments, keys: readonly string[]): CheckArguments =>
  (args) =>
    check(args && typeof args === 'object' ? splitLists({ ...args }, keys) : args);

/**
 * One output schema for both bodies: the concise body's fields, of which only `ok` and `summary` are
 * required, since the detailed body (Slack's own, plus the summary) has those two and never a concise
 * field of another type.
 */
const eitherBody = (concise: TSchema) => ({
  ...shallowLists(withoutRequired(lean(selfContained(concise)))),
  required: ['ok', 'summary'],
});

/** Arguments a tool checks as the REST route checks its query string, or (POST) with the route's body validator. */
function checkOf(read: ReadDefinition): CheckArguments {
  const { rest, mcp } = read;
  if (rest.method === 'POST' && rest.validatorCompiler)
    return bodyRules(rest.validatorCompiler, mcp.arguments);
  const check = queryRules(mcp.arguments);
  return read.lists ? listsSplit(check, read.lists) : check;
}

/**
 * Words for the arguments every Slack read shares, said the same way in each tool (a definition's own
 * `hints` come on top): how to page, which format to pick, how to get whole texts.
 */
const SHARED_HINTS: Record<string, string> = {
  cursor: 'from next_cursor',
  response_format: 'compact = fewest tokens',
  max_text_chars: '0 = whole',
};

const sharedHints = (input: { properties?: object }) =>
  Object.fromEntries(Object.entries(SHARED_HINTS).filter(([name]) => name in (input.properties ?? {})));

/** A read as an MCP tool: input as a model reads it (lean, defaults optional, a few words where a name is not enough). */
export function toolOf(read: ReadDefinition): McpTool {
  const { mcp } = read;
  const body = read.rest.method === 'POST';
  const input = body ? selfContained(mcp.arguments) : withDefaultsOptional(selfContained(mcp.arguments));
  const output =
    'concise' in mcp.output
      ? eitherBody(mcp.output.concise)
      : shallowLists(lean(selfContained(mcp.output.whole)));
  return {
    name: mcp.tool,
    read,
    listed: {
      name: mcp.tool,
      title: read.title,
      description: mcp.description,
      annotations: mcp.annotations,
      inputSchema: lean(input, { ...sharedHints(input), ...mcp.hints }, mcp.unlisted) as { type: 'object' },
      outputSchema: output as { type: 'object' },
    },
    check: checkOf(read),
  };
}

let readTools: McpTool[] | undefined;

/** Every read as an MCP tool, made once per process: the apps' tools and the stdio bin's tools/list. */
export const allTools = (): readonly McpTool[] => {
  readTools ??= READS.map(toolOf);
  return readTools;
};

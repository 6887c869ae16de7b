import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import type { Static, TSchema } from '@sinclair/typebox';
import type { AccessArea } from '../access/api-tokens.js';
import type { ReadCaller } from '../reads/caller.js';
import type { ReadDefinition, ReadSchema } from '../reads/read-definition.js';
import { READS } from '../reads/reads.js';
import { bindRead } from '../reads/registry.js';
import type { ServiceRegistry, Services } from '../reads/services.js';
import { splitLists } from '../schemas/list-params.js';
import { callTool } from './call-tool.js';
import { bodyRules, type CheckArguments, queryRules } from './check-arguments.js';
import { lean, selfContained, shallowLists, withDefaultsOptional, withoutRequired } from './json-schema.js';

/** One MCP tool: what a client lists, and (once the app's services are there) its calls. */
export interface McpTool {
  name: string;
  area: AccessArea;
  listed: {
    name: string;
    title: string;
    description: string;
    annotations: ToolAnnotations;
    inputSchema: { type: 'object' };
    outputSchema: { type: 'object' };
  };
  /** Calls of the tool with the app's services: arguments checked as on REST, the read run, a tool result. */
  serve: (registry: ServiceRegistry) => (args: unknown, caller: ReadCaller) => Promise<CallToolResult>;
}

/** List values may come as one comma-separated string, as on REST. */
const listsSplit =
  <T>(check: CheckArguments<T>, keys: readonly string[]): CheckArguments<T> =>
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
function checkOf<A extends TSchema>(
  read: ReadDefinition<ReadSchema, Services, A>,
): CheckArguments<Static<A>> {
  const { rest, mcp } = read;
  if (rest.method === 'POST' && rest.validatorCompiler)
    return bodyRules(rest.validatorCompiler, mcp.arguments);
  const check = queryRules(mcp.arguments);
  return read.lists ? listsSplit(check, read.lists) : check;
}

/**
 * Words for the arguments every Slack read shares, said the same way in each tool (a definition's own
 * `hints` come on top): which format to pick. How to page (`cursor`) and to get whole texts
 * (`max_text_chars`) the instructions say once for all (mcpInstructions).
 */
const SHARED_HINTS: Record<string, string> = {
  response_format: 'compact = fewest tokens',
};

/**
 * Arguments every Slack read takes that tools/list leaves out (each a byte cost on every conversation): a
 * `workspace` matters only to an org-wide token, and a search's summary names it when there is a choice.
 */
const SHARED_UNLISTED = ['workspace'];

const sharedHints = (input: { properties?: object }) =>
  Object.fromEntries(Object.entries(SHARED_HINTS).filter(([name]) => name in (input.properties ?? {})));

/** A read as an MCP tool: input as a model reads it (lean, defaults optional, a few words where a name is not enough). */
export function toolOf<S extends ReadSchema, Needs extends Services, A extends TSchema>(
  read: ReadDefinition<S, Needs, A>,
): McpTool {
  const { mcp } = read;
  const body = read.rest.method === 'POST';
  const input = body ? selfContained(mcp.arguments) : withDefaultsOptional(selfContained(mcp.arguments));
  const output =
    'concise' in mcp.output
      ? eitherBody(mcp.output.concise)
      : shallowLists(lean(selfContained(mcp.output.whole)));
  const check = checkOf(read);
  const tool = { name: mcp.tool, area: read.area };
  return {
    ...tool,
    listed: {
      name: mcp.tool,
      title: read.title,
      description: mcp.description,
      annotations: mcp.annotations,
      inputSchema: lean(input, { ...sharedHints(input), ...mcp.hints }, [
        ...SHARED_UNLISTED.filter((name) => name in ((input.properties ?? {}) as object)),
        ...(mcp.unlisted ?? []),
      ]) as { type: 'object' },
      outputSchema: output as { type: 'object' },
    },
    serve: (registry) => {
      const run = bindRead(read, registry, 'mcp');
      return (args, caller) =>
        callTool(tool, check, (value) => run(caller, mcp.toParams(value)), args, caller);
    },
  };
}

let readTools: McpTool[] | undefined;

/** Every read as an MCP tool, made once per process: the apps' tools and the stdio bin's tools/list. */
export const allTools = (): readonly McpTool[] => {
  readTools ??= READS.map(toolOf);
  return readTools;
};

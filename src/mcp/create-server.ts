import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

/** What a server serves for its caller: the tools it may see, and a call of one of them. */
export interface McpTools {
  listed: Tool[];
  /** undefined: no tool of that name. */
  call: (name: string, args: unknown) => Promise<CallToolResult> | undefined;
}

// One validator for every server: each server would otherwise build its own Ajv instance.
let jsonSchemaValidator: AjvJsonSchemaValidator | undefined;

/**
 * A fresh MCP server with our tools. `tools` is awaited at the first tools/list or tools/call only, so
 * the stdio bin answers `initialize` before the app behind the tools is built.
 */
export function createMcpServer(
  { version, instructions }: { version: string; instructions: string },
  tools: () => Promise<McpTools>,
): Server {
  jsonSchemaValidator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: 'agent-search', version },
    { capabilities: { tools: {} }, instructions, jsonSchemaValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await tools()).listed }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const { listed, call } = await tools();
    const answer = call(params.name, params.arguments);
    if (answer) return answer;
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown tool ${JSON.stringify(params.name.slice(0, 100))}; the tools are ${listed.map((t) => t.name).join(', ')}`,
    );
  });
  return server;
}

import {
  type CallToolResult,
  CLIENT_INFO_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type Tool,
} from '@modelcontextprotocol/server';

/** What a server serves for its caller: the tools it may see, and a call of one of them. */
export interface McpTools {
  listed: Tool[];
  /** undefined: no tool of that name. `clientName`: the MCP client's self-reported name, when it gave one. */
  call: (name: string, args: unknown, clientName?: string) => Promise<CallToolResult> | undefined;
}

/**
 * The name the client gave itself: in `initialize` (a session: stdio), or in the request's own `_meta`
 * envelope (2026-07-28). A stateless 2025-11-25 /mcp request carries neither.
 */
function clientNameOf(server: Server, envelope: unknown): string | undefined {
  const info = (envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] as
    | { name?: unknown }
    | undefined;
  const name = server.getClientVersion()?.name ?? info?.name;
  return typeof name === 'string' && name !== '' ? name.slice(0, 200) : undefined;
}

/**
 * How long a 2026-07-28 client may keep a tools/list, and for whom. The list is the tools of the
 * caller's access areas (an API token sees its own), so it is `private`: never shared between callers.
 * It changes only when the service is deployed anew or a token's access is changed: 5 minutes.
 */
export const TOOLS_LIST_CACHE = { ttlMs: 300_000, cacheScope: 'private' } as const;

/**
 * A fresh MCP server with our tools, for either protocol era (2026-07-28's per-request envelope, or
 * 2025-11-25 and older after `initialize`): the same tools, answers and errors in both. `tools` is awaited
 * at the first tools/list or tools/call only, so the stdio bin answers at once, before the app is built.
 */
export function createMcpServer(
  { version, instructions }: { version: string; instructions: string },
  tools: () => Promise<McpTools>,
): Server {
  const server = new Server(
    { name: 'agent-search', version },
    { capabilities: { tools: {} }, instructions, cacheHints: { 'tools/list': TOOLS_LIST_CACHE } },
  );
  server.setRequestHandler('tools/list', async () => ({ tools: (await tools()).listed }));
  server.setRequestHandler('tools/call', async ({ params }, ctx) => {
    const { listed, call } = await tools();
    const answer = call(params.name, params.arguments, clientNameOf(server, ctx.mcpReq.envelope));
    if (answer) return answer;
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool ${JSON.stringify(params.name.slice(0, 100))}; the tools are ${listed
        .map((t) => t.name)
        .join(', ')}`,
    );
  });
  return server;
}

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { callTool } from '../mcp/call-tool.js';
import type { McpTools } from '../mcp/create-server.js';
import type { McpCaller } from '../mcp/mcp-caller.js';
import { MCP_TOOLS } from '../mcp/tools.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Our tools as one caller sees and calls them (an /mcp request, or the stdio user). */
    mcpTools: (caller: McpCaller) => McpTools;
  }
}

async function mcp(app: FastifyInstance) {
  const tools = MCP_TOOLS.map(
    ({ name, area, title, description, annotations, inputSchema, outputSchema }) => ({
      area,
      listed: {
        name,
        title,
        description,
        annotations,
        inputSchema: inputSchema as Tool['inputSchema'],
        outputSchema: outputSchema as Tool['outputSchema'],
      },
    }),
  );
  const byName = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

  app.decorate('mcpTools', (caller: McpCaller) => {
    // A token sees the tools of its access areas only (the stdio user, with no token, sees all).
    const access = caller.apiClient?.access;
    return {
      listed: tools.filter((t) => !access || access.has(t.area)).map((t) => t.listed),
      call: (name: string, args: unknown) => {
        const tool = byName.get(name);
        return tool && callTool(app, tool, args, caller);
      },
    };
  });
}

export default fp(mcp, { name: 'mcp', dependencies: ['slack', 'catalog'] });

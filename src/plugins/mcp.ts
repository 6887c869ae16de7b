import type { Server } from '@modelcontextprotocol/server';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditClient } from '../governance/audit/interned.js';
import type { McpTools } from '../mcp/create-server.js';
import { mcpInstructions } from '../mcp/instructions.js';
import { allTools } from '../mcp/tools.js';
import { API_VERSION } from '../openapi/api-version.js';
import type { ReadCaller } from '../reads/caller.js';
import { READS } from '../reads/reads.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Our tools as one caller sees and calls them (an /mcp request, or the stdio user). */
    mcpTools: (caller: ReadCaller) => McpTools;
    /** A fresh MCP server with our tools, acting for one caller (an /mcp request). */
    mcpServer: (caller: ReadCaller) => Promise<Server>;
  }
}

async function mcp(app: FastifyInstance) {
  const tools = allTools();
  const calls = new Map(tools.map((tool) => [tool.name, tool.serve(app.reads)]));
  const instructions = mcpInstructions(READS);

  app.decorate('mcpTools', (caller: ReadCaller) => {
    // A token sees the tools of its access areas only (the stdio user, with no token, sees all).
    const access = caller.apiClient?.access;
    return {
      listed: tools.filter((t) => !access || access.has(t.area)).map((t) => t.listed),
      // A copy per call: the stdio caller's getters (deadline, request id) are read once, at its start.
      call: (name: string, args: unknown, clientName?: string) =>
        calls.get(name)?.(args, {
          ...caller,
          client: clientName
            ? auditClient(caller.client.via, caller.client.id, caller.client.name, clientName)
            : caller.client,
        }),
    };
  });
  app.decorate('mcpServer', async (caller: ReadCaller) => {
    // The MCP SDK is loaded by the first /mcp request, not at start.
    const { createMcpServer } = await import('../mcp/create-server.js');
    const visible = app.mcpTools(caller);
    return createMcpServer({ version: API_VERSION, instructions }, async () => visible);
  });
}

export default fp(mcp, { name: 'mcp', dependencies: ['reads'], decorators: { fastify: ['reads'] } });

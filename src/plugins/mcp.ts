import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { callTool } from '../mcp/call-tool.js';
import { mcpInstructions } from '../mcp/instructions.js';
import { toolOf } from '../mcp/tools.js';
import type { ReadCaller } from '../reads/read-definition.js';
import { READS } from '../reads/reads.js';
import { API_VERSION } from './openapi.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A fresh MCP server with our tools, acting for one caller (an /mcp request, or the stdio user). */
    mcpServer: (caller: ReadCaller) => Server;
  }
}

async function mcp(app: FastifyInstance) {
  const tools = READS.map(toolOf);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const instructions = mcpInstructions(READS);
  // One validator for every server: each server would otherwise build its own Ajv instance.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  app.decorate('mcpServer', (caller: ReadCaller) => {
    const server = new Server(
      { name: 'agent-search', version: API_VERSION },
      { capabilities: { tools: {} }, instructions, jsonSchemaValidator },
    );
    // A token sees the tools of its access areas only (the stdio user, with no token, sees all).
    const access = caller.apiClient?.access;
    const visible = tools.filter((t) => !access || access.has(t.read.area)).map((t) => t.listed);
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: visible }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const tool = byName.get(params.name);
      if (!tool)
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool ${JSON.stringify(params.name.slice(0, 100))}; the tools are ${[...byName.keys()].join(', ')}`,
        );
      return callTool(app.readServices, tool, params.arguments, caller);
    });
    return server;
  });
}

export default fp(mcp, { name: 'mcp', dependencies: ['reads'] });

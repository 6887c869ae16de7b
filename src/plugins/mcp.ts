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
import type { McpCaller } from '../mcp/mcp-caller.js';
import { MCP_TOOLS } from '../mcp/tools.js';
import { API_VERSION } from './openapi.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A fresh MCP server with our tools, acting for one caller (an /mcp request, or the stdio user). */
    mcpServer: (caller: McpCaller) => Server;
  }
}

const INSTRUCTIONS =
  'Slack search and tool search for agents. Find messages with slack_search_messages, read a whole thread with slack_get_thread_replies, and rank a list of tools for a task with search_tools. Answers are concise by default and carry a one-line summary that says what to do next.';

async function mcp(app: FastifyInstance) {
  const tools = MCP_TOOLS.map(
    ({ name, area, title, description, annotations, inputSchema, outputSchema }) => ({
      area,
      listed: {
        name,
        title,
        description,
        annotations,
        inputSchema: inputSchema as { type: 'object' },
        outputSchema: outputSchema as { type: 'object' },
      },
    }),
  );
  const byName = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));
  // One validator for every server: each server would otherwise build its own Ajv instance.
  const jsonSchemaValidator = new AjvJsonSchemaValidator();

  app.decorate('mcpServer', (caller: McpCaller) => {
    const server = new Server(
      { name: 'agent-search', version: API_VERSION },
      { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator },
    );
    // A token sees the tools of its access areas only (the stdio user, with no token, sees all).
    const access = caller.apiClient?.access;
    const visible = tools.filter((t) => !access || access.has(t.area)).map((t) => t.listed);
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: visible }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const tool = byName.get(params.name);
      if (!tool)
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool ${JSON.stringify(params.name.slice(0, 100))}; the tools are ${[...byName.keys()].join(', ')}`,
        );
      return callTool(app, tool, params.arguments, caller);
    });
    return server;
  });
}

export default fp(mcp, { name: 'mcp', dependencies: ['slack', 'catalog'] });

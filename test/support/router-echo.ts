import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ToolInfo } from '../../src/catalog/index.js';
import { authHeaders } from '../helper.js';

type RankedTool = Record<string, unknown> & { toolKey: string };

/** POST /catalog/search with a JSON body as MCP Router sends it. */
export async function postCatalog(app: FastifyInstance, body: unknown) {
  const res = await app.inject({
    method: 'POST',
    url: '/catalog/search',
    headers: authHeaders({ 'content-type': 'application/json' }),
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as { results: RankedTool[] } };
}

/** What a result must say of the tool it ranks: its identity and ids exactly as sent, null included. */
export const echoOf = (tool: ToolInfo) => ({
  toolKey: tool.toolKey,
  toolName: tool.toolName,
  serverName: tool.serverName,
  ...(tool.serverId !== undefined && { serverId: tool.serverId }),
  ...(tool.projectId !== undefined && { projectId: tool.projectId }),
  ...(typeof tool.description === 'string' && { description: tool.description }),
  relevance: expect.any(Number),
  explanation: expect.any(String),
});

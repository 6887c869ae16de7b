import type { SearchResult, ToolInfo } from './types.js';

/** A result for `tool`: its identity, the ids it came with, its description if it has one. */
export function toResult(tool: ToolInfo, relevance: number, explanation?: string): SearchResult {
  const { toolKey, toolName, serverName, serverId, projectId, description } = tool;
  return {
    toolKey,
    toolName,
    serverName,
    ...(serverId !== undefined && { serverId }),
    ...(projectId !== undefined && { projectId }),
    ...(typeof description === 'string' && { description }),
    relevance,
    ...(explanation !== undefined && { explanation }),
  };
}

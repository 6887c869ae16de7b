import type { RankTool, ToolInfo } from './types.js';

/** Indexed per tool at most (a description's first 8 KB say what the tool does): bounds the work. */
const MAX_DESCRIPTION_CHARS = 8192;
const MAX_PARAMS_CHARS = 4096;

/** The names and descriptions of a tool's `inputSchema.properties`, one line each. */
export function paramsText(tool: ToolInfo): string {
  const properties = tool.inputSchema?.properties;
  if (!properties) return '';
  let text = '';
  for (const [name, spec] of Object.entries(properties)) {
    const about = (spec as { description?: unknown } | null)?.description;
    text += `${name} ${typeof about === 'string' ? about : ''}\n`;
    if (text.length >= MAX_PARAMS_CHARS) return text.slice(0, MAX_PARAMS_CHARS);
  }
  return text;
}

/** What ranking reads of `tool`: its texts, each within its bound. */
export function toRankTool(tool: ToolInfo): RankTool {
  return {
    toolKey: tool.toolKey,
    toolName: tool.toolName,
    serverName: tool.serverName,
    description: tool.description?.slice(0, MAX_DESCRIPTION_CHARS) ?? '',
    params: paramsText(tool),
  };
}

/** The text of field `field` (name, server, description, parameters) of a tool. */
export function fieldText(tool: RankTool, field: number): string {
  if (field === 0) return tool.toolName;
  if (field === 1) return tool.serverName;
  if (field === 2) return tool.description;
  return tool.params;
}

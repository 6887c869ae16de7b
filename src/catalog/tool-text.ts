import { schemaParams } from './schema-params.js';
import type { ToolInfo } from './types.js';

/** Indexed per tool at most (a description's first 8 KB say what the tool does): bounds the work. */
const MAX_DESCRIPTION_CHARS = 8192;
const MAX_PARAMS_CHARS = 4096;

/** Whether a tool has a description of its own (absent, null and blank count as none). */
export function hasDescription(tool: ToolInfo): boolean {
  return typeof tool.description === 'string' && tool.description.trim() !== '';
}

/** The names and descriptions of a tool's parameters (see schemaParams), one line each. */
export function paramsText(tool: ToolInfo): string {
  if (tool.inputSchema === undefined) return '';
  let text = '';
  for (const { name, description } of schemaParams(tool.inputSchema)) {
    text += `${name} ${description}\n`;
    if (text.length >= MAX_PARAMS_CHARS) return text.slice(0, MAX_PARAMS_CHARS);
  }
  return text;
}

/**
 * The text of field `field` (name, server, description, parameters) of a tool. A tool without a
 * description (MCP Router forwards many) is described by its parameters, which then count in both fields.
 */
export function fieldText(tool: ToolInfo, field: number): string {
  if (field === 0) return tool.toolName;
  if (field === 1) return tool.serverName;
  if (field === 2)
    return hasDescription(tool)
      ? (tool.description as string).slice(0, MAX_DESCRIPTION_CHARS)
      : paramsText(tool);
  return paramsText(tool);
}

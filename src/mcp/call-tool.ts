import { STATUS_CODES } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { assertAccess } from '../access/api-tokens.js';
import { type AppError, describeError } from '../http/describe-error.js';
import type { ReadCaller, ReadServices } from '../reads/read-definition.js';
import type { McpTool } from './tools.js';

/** A tool error a model can act on: our error body, and for a rate limit when to retry. */
function toolError(
  status: number,
  code: string,
  message: string,
  retryAfterSeconds?: number,
): CallToolResult {
  const body = {
    statusCode: status,
    code,
    error: STATUS_CODES[status] ?? 'Error',
    message,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** Checks the arguments as the REST route checks its parameters, runs the read, shapes the result. */
export async function callTool(
  services: ReadServices,
  tool: McpTool,
  args: unknown,
  caller: ReadCaller,
): Promise<CallToolResult> {
  const checked = tool.check(args);
  if ('error' in checked) {
    caller.log.info({ tool: tool.name, code: 'FST_ERR_VALIDATION' }, checked.error);
    return toolError(400, 'FST_ERR_VALIDATION', checked.error);
  }
  const { read } = tool;
  try {
    assertAccess(caller.apiClient, read.area);
    const params = read.mcp.toParams ? read.mcp.toParams(checked.value as never) : checked.value;
    const { body, text } = await read.run(services, caller, params, 'mcp');
    return {
      structuredContent: body as Record<string, unknown>,
      content: [{ type: 'text', text: text ?? JSON.stringify(body) }],
    };
  } catch (err) {
    const e = err as AppError;
    const { status, code, message } = describeError(e);
    if (status >= 500) caller.log.error({ err, tool: tool.name, code }, 'tool call failed');
    else caller.log.info({ tool: tool.name, code, status }, message);
    return toolError(status, code, message, e.retryAfterSeconds);
  }
}

import { STATUS_CODES } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { RetryableError } from '../errors.js';
import { describeError } from '../plugins/error-handler.js';
import type { McpCaller } from './mcp-caller.js';
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

/** Checks the arguments as the REST route checks its parameters, runs the service, shapes the result. */
export async function callTool(
  app: FastifyInstance,
  tool: McpTool,
  args: unknown,
  caller: McpCaller,
): Promise<CallToolResult> {
  const checked = tool.check(args);
  if ('error' in checked) {
    caller.log.info({ tool: tool.name, code: 'FST_ERR_VALIDATION' }, checked.error);
    return toolError(400, 'FST_ERR_VALIDATION', checked.error);
  }
  try {
    const { body, text } = await tool.run(app, caller, checked.value as never);
    return {
      structuredContent: body as Record<string, unknown>,
      content: [{ type: 'text', text: text ?? JSON.stringify(body) }],
    };
  } catch (err) {
    const e = err as FastifyError & RetryableError;
    const { status, code, message } = describeError(e);
    if (status >= 500) caller.log.error({ err, tool: tool.name, code }, 'tool call failed');
    else caller.log.info({ tool: tool.name, code, status }, message);
    return toolError(status, code, message, e.retryAfterSeconds);
  }
}

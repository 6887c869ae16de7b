import { STATUS_CODES } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { type AccessArea, assertAccess } from '../access/api-tokens.js';
import { type AppError, describeError } from '../http/describe-error.js';
import type { ReadCaller } from '../reads/caller.js';
import type { ReadAnswer } from '../reads/read-definition.js';
import type { CheckArguments } from './check-arguments.js';
import { recordScopeChallenge } from './scope-challenge.js';

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
export async function callTool<T>(
  tool: { name: string; area: AccessArea },
  check: CheckArguments<T>,
  run: (args: T) => Promise<ReadAnswer>,
  args: unknown,
  caller: ReadCaller,
): Promise<CallToolResult> {
  const checked = check(args);
  if ('error' in checked) {
    caller.log.info({ tool: tool.name, code: 'FST_ERR_VALIDATION' }, checked.error);
    return toolError(400, 'FST_ERR_VALIDATION', checked.error);
  }
  try {
    assertAccess(caller.apiClient, tool.area);
    const { body, text } = await run(checked.value);
    return {
      structuredContent: body,
      content: [{ type: 'text', text: text ?? JSON.stringify(body) }],
    };
  } catch (err) {
    const e = err as AppError;
    recordScopeChallenge(caller, e);
    const { status, code, message } = describeError(e);
    if (status >= 500) caller.log.error({ err, tool: tool.name, code }, 'tool call failed');
    else caller.log.info({ tool: tool.name, code, status }, message);
    return toolError(status, code, message, e.retryAfterSeconds);
  }
}

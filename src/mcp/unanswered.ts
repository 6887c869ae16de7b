import type { Transport } from '@modelcontextprotocol/server';
import { isJSONRPCRequest } from '@modelcontextprotocol/server';

/**
 * Counts the requests a connected transport received and has not answered yet, so that a client closing
 * stdin right after its last request (`printf … | agent-search-mcp`) still gets the answer.
 * Returns a function that resolves once none is left, or after `maxWaitMs`.
 */
export function trackUnanswered(transport: Transport): (maxWaitMs: number) => Promise<void> {
  const open = new Set<string | number>();
  let settled: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) open.add(message.id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if ('id' in message && !('method' in message) && message.id !== undefined && open.delete(message.id))
      if (open.size === 0) settled?.();
  };
  return (maxWaitMs) =>
    new Promise<void>((resolve) => {
      if (open.size === 0) return resolve();
      const timer = setTimeout(resolve, maxWaitMs);
      settled = () => {
        clearTimeout(timer);
        resolve();
      };
    });
}

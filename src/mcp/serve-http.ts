import { STATUS_CODES } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Errors } from '../errors.js';
import { type OriginPolicy, refusal } from '../http/origin-check.js';
import { checkMessage, INVALID_REQUEST } from './check-message.js';

const acceptsMcp = (accept = '') =>
  accept.includes('application/json') && accept.includes('text/event-stream');

/** Before authentication: a browser page on a foreign origin is refused whatever token it carries. */
export function originCheck(policy: OriginPolicy): onRequestHookHandler {
  return (request, _reply, done) => {
    const refused = refusal(policy, request.headers.origin, request.headers.host);
    if (!refused) return done();
    const shown = JSON.stringify(refused.value.slice(0, 200));
    done(refused.header === 'origin' ? new Errors.OriginForbidden(shown) : new Errors.HostForbidden(shown));
  };
}

/** After the reply is hijacked, a failure can only be written by hand (or the socket closed). */
function failHijacked(request: FastifyRequest, reply: FastifyReply, err: unknown) {
  request.log.error({ err }, 'MCP request failed');
  if (reply.raw.headersSent) return void reply.raw.destroy();
  const body = {
    statusCode: 500,
    code: 'AS_ERR_INTERNAL',
    error: STATUS_CODES[500],
    message: 'Internal Server Error',
  };
  reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** Hands the request to a fresh server's stateless transport, with the headers the hooks set. */
async function handOver(request: FastifyRequest, reply: FastifyReply, server: Server, message: unknown) {
  // The MCP SDK is loaded by the first /mcp request, not at start.
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.once('close', () => void server.close());
  try {
    await transport.handleRequest(request.raw, reply.raw, message);
  } catch (err) {
    failHijacked(request, reply, err);
  }
}

/**
 * One POST /mcp: the Accept rule, the JSON-RPC check of the body exactly as sent (answered here when it
 * fails), then a fresh server (`serverFor`, acting for the request's caller) over a stateless transport.
 */
export async function serveMcpPost(
  request: FastifyRequest,
  reply: FastifyReply,
  serverFor: () => Promise<Server>,
) {
  if (!acceptsMcp(request.headers.accept)) throw new Errors.McpNotAcceptable();
  const checked = checkMessage(request.body);
  if ('answer' in checked) {
    request.log.info({ code: checked.answer.error.code }, checked.answer.error.message);
    return reply.code(checked.answer.error.code === INVALID_REQUEST ? 400 : 200).send(checked.answer);
  }
  await handOver(request, reply, await serverFor(), checked.message);
}

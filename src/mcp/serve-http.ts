import type { McpHttpHandler, Server } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Errors } from '../errors.js';
import { MAX_BODY_BYTES } from '../http/json-limits.js';
import { type OriginPolicy, refusal } from '../http/origin-check.js';
import { checkMessage, INVALID_REQUEST } from './check-message.js';
import { takeScopeChallenge } from './scope-challenge.js';

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

/** The request's own server (acting for its caller), handed to the SDK's factory beside the request. */
type ServerFor = () => Promise<Server>;
const SERVER_FOR = 'agentSearchServerFor';

const serverOf = (extra: unknown) => (extra as Record<string, ServerFor>)[SERVER_FOR];
type Sdk = typeof import('@modelcontextprotocol/server');
let sdk:
  | { modern: McpHttpHandler; isLegacyRequest: Sdk['isLegacyRequest']; legacy: LegacyHandler }
  | undefined;
type LegacyHandler = (request: Request, message: unknown, serverFor: ServerFor) => Promise<Response>;

/**
 * The SDK's handlers, made by the first /mcp request (the SDK is not loaded at start). A request is of
 * the 2026-07-28 era when it carries the `_meta` envelope (the SDK's own classification): the SDK's
 * handler answers it, Mcp-Method / Mcp-Name headers checked against the body. Any other (2025-11-25 and
 * older) is answered as before: a stateless transport, one JSON body (the SDK's fallback would stream).
 * Each is answered by a fresh server for its caller.
 */
async function mcpSdk(): Promise<NonNullable<typeof sdk>> {
  if (sdk) return sdk;
  const { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/server'
  );
  // responseMode auto: our handlers send nothing before their result, so each answer is one JSON body.
  const modern = createMcpHandler(({ authInfo }) => serverOf(authInfo?.extra)(), {
    legacy: 'reject',
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  const legacy: LegacyHandler = async (request, message, serverFor) => {
    const server = await serverFor();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: message });
    } finally {
      void server.close();
    }
  };
  sdk ??= { modern, isLegacyRequest, legacy };
  return sdk;
}

/** The request as the web-standard Request the SDK takes (its body is handed over already parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  return new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
    method: 'POST',
    headers,
  });
}

/**
 * One POST /mcp: the Accept rule, the JSON-RPC check of the body exactly as sent (answered here when it
 * fails), then the SDK's handler with a fresh server (`serverFor`, acting for `caller`). A tool call refused
 * for a scope not granted answers the request 403 with its challenge instead.
 */
export async function serveMcpPost(
  request: FastifyRequest,
  reply: FastifyReply,
  serverFor: ServerFor,
  caller: { log: object },
) {
  if (!acceptsMcp(request.headers.accept)) throw new Errors.McpNotAcceptable();
  const checked = checkMessage(request.body);
  if ('answer' in checked) {
    request.log.info({ code: checked.answer.error.code }, checked.answer.error.message);
    return reply.code(checked.answer.error.code === INVALID_REQUEST ? 400 : 200).send(checked.answer);
  }
  const { modern, isLegacyRequest, legacy } = await mcpSdk();
  const web = webRequest(request);
  const answer = (await isLegacyRequest(web, checked.message))
    ? await legacy(web, checked.message, serverFor)
    : await modern.fetch(web, {
        parsedBody: checked.message,
        // Pass-through to the server factory only: the caller was authenticated by our hooks.
        authInfo: { token: '', clientId: '', scopes: [], extra: { [SERVER_FOR]: serverFor } },
      });
  const challenge = takeScopeChallenge(caller);
  if (challenge) throw challenge;
  reply.code(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const text = await answer.text();
  if (text === '') return reply.send();
  if (answer.status >= 400) request.log.info({ status: answer.status }, text.slice(0, 300));
  return reply.send(text);
}

import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { mcpOriginPolicy } from '../config.js';
import { Errors } from '../errors.js';
import { refusal } from '../http/origin-check.js';
import { checkMessage, INVALID_REQUEST } from '../mcp/check-message.js';
import type { McpCaller } from '../mcp/mcp-caller.js';
import { API_VERSION } from '../plugins/openapi.js';
import { mcpDeleteSchema, mcpGetSchema, mcpPostSchema } from '../schemas/mcp.js';

const acceptsMcp = (accept = '') =>
  accept.includes('application/json') && accept.includes('text/event-stream');

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

/**
 * POST /mcp: MCP over Streamable HTTP, stateless. Each request gets a fresh server and transport acting
 * for its caller, behind the same hooks as the REST routes (bearer, project, rate limit, load shedding).
 */
export default async function mcpRoute(app: FastifyInstance) {
  const policy = mcpOriginPolicy(app.config);
  // Before authentication: a browser page on a foreign origin is refused whatever token it carries.
  const checkOrigin: onRequestHookHandler = (request, _reply, done) => {
    const refused = refusal(policy, request.headers.origin, request.headers.host);
    if (!refused) return done();
    const shown = JSON.stringify(refused.value.slice(0, 200));
    done(refused.header === 'origin' ? new Errors.OriginForbidden(shown) : new Errors.HostForbidden(shown));
  };
  const onRequest = [checkOrigin, app.authenticate];
  // The body is checked by checkMessage, exactly as sent: Fastify's validator would coerce ids to strings.
  const asSent = () => () => true;

  app.post(
    '/mcp',
    { schema: mcpPostSchema, onRequest, validatorCompiler: asSent },
    async (request, reply) => {
      if (!acceptsMcp(request.headers.accept)) throw new Errors.McpNotAcceptable();
      const checked = checkMessage(request.body);
      if ('answer' in checked) {
        request.log.info({ code: checked.answer.error.code }, checked.answer.error.message);
        return reply.code(checked.answer.error.code === INVALID_REQUEST ? 400 : 200).send(checked.answer);
      }
      const caller: McpCaller = {
        log: request.log,
        apiClient: request.apiClient,
        project: request.project,
        deadline: request.deadline,
        slackAccess: () => app.slackAccess(request),
      };
      // The MCP SDK is loaded by the first /mcp request, not at start.
      const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
        import('../mcp/create-server.js'),
        import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      ]);
      const tools = app.mcpTools(caller);
      const server = createMcpServer(API_VERSION, async () => tools);
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
        await transport.handleRequest(request.raw, reply.raw, checked.message);
      } catch (err) {
        failHijacked(request, reply, err);
      }
    },
  );

  for (const [method, schema] of [
    ['GET', mcpGetSchema],
    ['DELETE', mcpDeleteSchema],
  ] as const) {
    app.route({
      method,
      url: '/mcp',
      schema,
      onRequest,
      handler: async (_request, reply) => {
        reply.header('allow', 'POST');
        throw new Errors.MethodNotAllowed(
          `${method} /mcp is not offered: this MCP endpoint is stateless and answers POST only`,
        );
      },
    });
  }
}

import type { FastifyInstance } from 'fastify';
import { mcpOriginPolicy } from '../config.js';
import { Errors } from '../errors.js';
import { mcpToolsSentence } from '../mcp/instructions.js';
import { originCheck, serveMcpPost } from '../mcp/serve-http.js';
import { READS } from '../reads/reads.js';
import { mcpDeleteSchema, mcpGetSchema, mcpPostSchema } from '../schemas/mcp.js';
import { readCaller } from './read-caller.js';

/**
 * POST /mcp: MCP over Streamable HTTP, stateless. Each request gets a fresh server and transport acting
 * for its caller, behind the same hooks as the REST routes (bearer, project, rate limit, load shedding).
 */
export default async function mcpRoute(app: FastifyInstance) {
  const onRequest = [originCheck(mcpOriginPolicy(app.config)), app.authenticate];
  // The body is checked by checkMessage, exactly as sent: Fastify's validator would coerce ids to strings.
  const asSent = () => () => true;
  app.post(
    '/mcp',
    { schema: mcpPostSchema(mcpToolsSentence(READS)), onRequest, validatorCompiler: asSent },
    (request, reply) => {
      const caller = readCaller(app, request, 'mcp');
      return serveMcpPost(request, reply, () => app.mcpServer(caller), caller);
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

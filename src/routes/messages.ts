import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contextSchema } from '../schemas/context.js';
import { sendJson } from './send-json.js';

const messagesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/messages/context',
    { schema: contextSchema, onRequest: app.authenticate },
    async (request, reply) => {
      const access = app.slackAccess(request);
      const { body, cache } = await app.slackSearch.messageContext(access, request.query, {
        surface: 'rest',
      });
      return sendJson(reply.header('x-cache', cache), body);
    },
  );
};

export default messagesRoute;

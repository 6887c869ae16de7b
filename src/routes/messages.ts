import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contextSchema } from '../schemas/context.js';
import { sendAnswer } from './send-json.js';

const messagesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/messages/context',
    { schema: contextSchema, onRequest: app.authenticate },
    async (request, reply) => {
      const access = app.slackAccess(request);
      const answer = await app.slackSearch.messageContext(access, request.query, { surface: 'rest' });
      return sendAnswer(reply.header('x-cache', answer.cache), answer);
    },
  );
};

export default messagesRoute;

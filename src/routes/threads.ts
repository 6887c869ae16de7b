import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { threadSchema } from '../schemas/threads.js';
import { sendAnswer } from './send-json.js';

const threadsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/threads/:channel/:ts',
    { schema: threadSchema, onRequest: app.authenticate },
    async (request, reply) => {
      const access = app.slackAccess(request);
      const params = { ...request.query, ...request.params };
      const answer = await app.slackSearch.threadReplies(access, params, { surface: 'rest' });
      return sendAnswer(reply.header('x-cache', answer.cache), answer);
    },
  );
};

export default threadsRoute;

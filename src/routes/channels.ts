import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { historySchema } from '../schemas/channels.js';
import { sendAnswer } from './send-json.js';

const channelsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/channels/:channel/history',
    { schema: historySchema, onRequest: app.authenticate },
    async (request, reply) => {
      const access = app.slackAccess(request);
      const params = { ...request.query, ...request.params };
      const answer = await app.slackSearch.channelHistory(access, params, { surface: 'rest' });
      return sendAnswer(reply.header('x-cache', answer.cache), answer);
    },
  );
};

export default channelsRoute;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { historySchema } from '../schemas/channels.js';
import { sendJson } from './send-json.js';

const channelsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/channels/:channel/history',
    { schema: historySchema, onRequest: app.authenticate },
    async (request, reply) => {
      const access = app.slackAccess(request);
      const params = { ...request.query, ...request.params };
      const { body, cache } = await app.slackSearch.channelHistory(access, params, { surface: 'rest' });
      return sendJson(reply.header('x-cache', cache), body);
    },
  );
};

export default channelsRoute;

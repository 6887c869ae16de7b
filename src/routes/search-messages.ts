import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SEARCH_LIST_PARAMS } from '../schemas/list-params.js';
import { searchMessagesSchema } from '../schemas/search-messages.js';
import { sendAnswer } from './send-json.js';
import { splitCommaLists } from './split-comma-lists.js';

const searchMessagesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/search/messages',
    {
      schema: searchMessagesSchema,
      onRequest: app.authenticate,
      preValidation: splitCommaLists(SEARCH_LIST_PARAMS),
    },
    async (request, reply) => {
      const access = app.slackAccess(request);
      const answer = await app.slackSearch.searchMessages(access, request.query, { surface: 'rest' });
      return sendAnswer(reply.header('x-cache', answer.cache), answer);
    },
  );
};

export default searchMessagesRoute;

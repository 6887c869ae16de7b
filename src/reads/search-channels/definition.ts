import { DetailedDirectoryBody } from '../../schemas/find.js';
import { readRouteSchema } from '../../schemas/read-route.js';
import { findRun } from '../find-run.js';
import { defineRead, slackRun } from '../read-definition.js';
import { compactChannels } from './compact.js';
import { channelsCompactExample, channelsExamples } from './examples.js';
import { searchChannels } from './run.js';
import {
  ConciseChannel,
  ConciseChannelsBody,
  type SearchChannelsParams,
  SearchChannelsQuery,
} from './schemas.js';
import { CHANNELS_PATH, CHANNELS_TOOL } from './wording.js';

export const searchChannelsRead = defineRead<SearchChannelsParams>({
  name: 'search-channels',
  area: 'slack',
  title: 'Search Slack channels',
  rest: {
    method: 'GET',
    path: CHANNELS_PATH,
    operationId: 'searchChannels',
    description:
      'Finds channels the caller can see (public ones, and private ones they are in) by name, topic and purpose, best first: Slack’s Real-time Search (content_types=channels) when the token allows it, else a directory read from conversations.list (kept per workspace for public channels and per user for private ones, refreshed in the background; `searched` says how much of it was loaded). Archived channels only with include_archived=true.',
    schema: readRouteSchema({
      querystring: SearchChannelsQuery,
      concise: ConciseChannelsBody,
      detailed: DetailedDirectoryBody,
      examples: channelsExamples,
      compactExample: channelsCompactExample,
      errors: [400, 401, 403, 429, 502, 503, 504],
    }),
  },
  mcp: {
    tool: CHANNELS_TOOL,
    description:
      'Search channels by name, topic and purpose: where to ask, where a subject is discussed. response_format=compact costs the fewest tokens.',
    purpose: 'find channels',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: SearchChannelsQuery,
    hints: {},
    output: { concise: ConciseChannelsBody },
  },
  schemas: [ConciseChannel, ConciseChannelsBody, DetailedDirectoryBody],
  run: slackRun(findRun(searchChannels, compactChannels)),
});

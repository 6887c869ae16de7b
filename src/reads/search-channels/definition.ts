import { DetailedDirectoryBody } from '../../schemas/find.js';
import { readRouteSchema } from '../../schemas/read-route.js';
import { acrossRun } from '../across-run.js';
import { defineRead } from '../read-definition.js';
import { withCompact } from '../with-compact.js';
import { searchChannelsAcross } from './across.js';
import { compactChannels } from './compact.js';
import { channelsCompactExample, channelsExamples } from './examples.js';
import { channelsServices, searchChannels } from './run.js';
import { ConciseChannel, ConciseChannelsBody, SearchChannelsQuery } from './schemas.js';

export const searchChannelsRead = defineRead({
  name: 'search-channels',
  area: 'slack',
  title: 'Search Slack channels',
  services: channelsServices,
  slack: { 'conversations.list': 'tier2' },
  names: ['channel-history', 'search-messages'],
  rest: {
    method: 'GET',
    path: '/search/channels',
    operationId: 'searchChannels',
    description:
      'Finds channels the caller can see (public ones, and private ones they are in) by name, topic and purpose, best first: Slack’s Real-time Search (content_types=channels) when the token allows it, else a directory read from conversations.list (kept per workspace for public channels and per user for private ones, refreshed in the background; `searched` says how much of it was loaded). Archived channels only with include_archived=true.',
    schema: {
      querystring: SearchChannelsQuery,
      ...readRouteSchema({
        concise: ConciseChannelsBody,
        detailed: DetailedDirectoryBody,
        examples: channelsExamples,
        compactExample: channelsCompactExample,
        errors: [400, 401, 403, 429, 502, 503, 504],
      }),
    },
  },
  mcp: {
    tool: 'slack_search_channels',
    description: 'Search channels by name, topic and purpose: where to ask, where a subject is discussed.',
    purpose: 'find channels',
    annotations: { readOnlyHint: true, openWorldHint: true },
    arguments: SearchChannelsQuery,
    hints: {},
    output: { concise: ConciseChannelsBody },
    toParams: (args) => args,
  },
  policy: { lists: 'channels', compact: compactChannels },
  schemas: [ConciseChannel, ConciseChannelsBody, DetailedDirectoryBody],
  run: acrossRun(withCompact(searchChannels, compactChannels), searchChannelsAcross),
});

import { Type } from '@sinclair/typebox';
import { StringEnum } from './string-enum.js';

/** Request headers that name the caller's project; a token scoped to other projects gets 403. */
export const projectHeaders = {
  'x-project-id': Type.Optional(
    Type.String({ description: "The caller's project; empty or __unassigned__ = none" }),
  ),
  'x-mcpr-project': Type.Optional(Type.String({ description: 'MCP Router’s name for X-Project-Id' })),
};

export const slackTokenHeader = {
  'x-slack-token': Type.Optional(
    Type.String({ description: 'Act as this Slack user (xoxp-…) instead of SLACK_USER_TOKEN' }),
  ),
};

/** Response header of the routes answered from the Slack cache. */
export const xCacheHeader = {
  'X-Cache': StringEnum(['HIT', 'MISS', 'STALE'], {
    description:
      'HIT: from the cache; MISS: just fetched from Slack; STALE: an expired entry served because Slack failed',
  }),
};

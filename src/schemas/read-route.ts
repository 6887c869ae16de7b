import { type TSchema, Type } from '@sinclair/typebox';
import { slackErrorResponses } from './error.js';
import { projectHeaders, slackTokenHeader, xCacheHeader } from './headers.js';
import { type NamedExample, readResponse } from './response.js';

/**
 * A Slack read's route schema beside its parameters: the caller's Slack token and project headers, the
 * concise or detailed body (or compact text) with X-Cache, and its Slack error responses. The parameters
 * (`params`, `querystring`), tags, texts and security come from the read's definition.
 */
export function readRouteSchema(parts: {
  concise: TSchema;
  detailed: TSchema;
  examples: Record<string, NamedExample>;
  compactExample: NamedExample;
  errors: number[];
}) {
  return {
    headers: Type.Object({ ...slackTokenHeader, ...projectHeaders }),
    response: {
      200: readResponse(
        'Concise (default), compact or detailed answer',
        Type.Union([Type.Ref(parts.concise), Type.Ref(parts.detailed)]),
        parts.examples,
        parts.compactExample,
        xCacheHeader,
      ),
      ...slackErrorResponses(...parts.errors),
    },
  };
}

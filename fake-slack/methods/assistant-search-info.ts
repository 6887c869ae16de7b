import type { MethodContext, MethodSpec } from './method-context.js';

/** Whether the workspace's plan includes Slack AI Search (then questions are searched by meaning). */
function handle({ index }: MethodContext) {
  return { ok: true, is_ai_search_enabled: index.team.aiSearch === true };
}

export const assistantSearchInfo: MethodSpec = { acceptedScopes: ['search:read.public'], handle };

import type { CacheStatus } from '../cache/types.js';
import type { SlackAccess } from '../slack-client/types.js';
import type { FindDeps } from './find-backend.js';
import { FIND_WORDING, type FindWording } from './find-wording.js';
import { withCompact } from './with-compact.js';

type FindRead<P, B> = (
  deps: FindDeps,
  access: SlackAccess,
  params: P,
  wording: FindWording,
) => Promise<{ body: B; cache: CacheStatus }>;

/**
 * A file, channel or people read as a Slack read: its front end's wording, and response_format=compact
 * answered with the concise answer rendered as text.
 */
export function findRun<P extends { response_format: string }, B extends object, C extends object>(
  read: FindRead<P, B>,
  render: (concise: C) => string,
) {
  return withCompact<P, B, C>(
    (deps, access, params, surface) => read(deps, access, params, FIND_WORDING[surface]),
    render,
  );
}

import type { SlackObject } from '../../slack/slack-values.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import type { Wording } from '../wording.js';
import type { FoundMatches } from './fetch-search.js';
import type { SearchMessagesParams } from './schemas.js';

export type BackendName = 'search.messages' | 'rts';

/** What one backend found, and how. */
export interface SearchOutcome extends FoundMatches {
  backend: BackendName;
  /** Slack searched by meaning. */
  semantic: boolean;
  /** Slack forbids keeping these results: the answer is built for this request only, never cached. */
  live: boolean;
  /** `total` is only what was seen so far (RTS reports none): the summary says "at least". */
  atLeast?: boolean;
  /** Authors' names Slack sent with the results. */
  authorNames?: Map<string, string>;
  /** Slack's own body around the selected results, for response_format=detailed. */
  detailed?: (selected: SlackObject[]) => Record<string, unknown>;
}

/** One way of searching Slack for the route's parameters. */
export interface SearchBackend {
  /** The backend every search uses, when that needs no identity (so Slack is asked while auth.test runs). */
  fixed?: BackendName;
  /** Which backend a search by this token would use now (before asking Slack). */
  prefers(access: SlackAccess, me: SlackIdentity, params: SearchMessagesParams): BackendName;
  /** `me`: the token's identity, still being looked up (a search that needs none does not wait). */
  fetch(
    access: SlackAccess,
    me: Promise<SlackIdentity>,
    params: SearchMessagesParams,
    wording: Wording,
  ): Promise<SearchOutcome>;
}

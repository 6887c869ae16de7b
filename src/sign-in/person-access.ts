import type { SlackAccess } from '../slack-client/types.js';
import type { PersonSlackToken } from './person-workspaces.js';
import type { SignedInPerson } from './sign-in.js';

/**
 * How one of a signed-in person's Slack tokens reaches Slack: cached under its sign-in's name (so a rotated
 * token keeps their answers), renewed once on token_expired, and that sign-in alone ended when Slack refuses
 * the token for good.
 */
const accessOf = (
  token: Pick<PersonSlackToken, 'teamId' | 'slackToken' | 'identity' | 'renew' | 'rejected'>,
  deadline: number,
): SlackAccess => ({
  token: token.slackToken,
  fromCaller: true,
  deadline,
  ...(token.teamId ? { teamId: token.teamId } : {}),
  person: {
    identity: token.identity,
    renew: token.renew,
    rejected: token.rejected,
  },
});

/** Every Slack token of a signed-in person (one per workspace or organisation they signed in to), first first. */
export const personAccesses = (person: SignedInPerson, deadline: number): SlackAccess[] =>
  (person.tokens?.length ? person.tokens : [person]).map((token) => accessOf(token, deadline));

/** A signed-in person's request as it reaches Slack with their first token. */
export const personAccess = (person: SignedInPerson, deadline: number): SlackAccess =>
  personAccesses(person, deadline)[0] as SlackAccess;

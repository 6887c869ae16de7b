import type { SlackAccess } from '../slack-client/types.js';
import type { SignedInPerson } from './sign-in.js';

/**
 * How a signed-in person's request reaches Slack: their token, cached under their sign-in's name (so a
 * rotated token keeps their answers), renewed once on token_expired, and their sign-in ended when Slack
 * refuses the token for good.
 */
export const personAccess = (person: SignedInPerson, deadline: number): SlackAccess => ({
  token: person.slackToken,
  fromCaller: true,
  deadline,
  person: {
    identity: person.identity,
    renew: person.renew,
    rejected: person.rejected,
  },
});

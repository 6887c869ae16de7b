import { createPolicySource } from '../governance/policy/policy-source.js';
import { createAnswerCache } from '../slack-search/answer-cache.js';
import { createDirectories } from '../slack-search/directory.js';
import { defineService } from './services.js';

// The services more than one read uses; a read's own live in its folder.

/**
 * The Slack gateway (cached, coalesced, rate-gated calls as the caller). Every read's calls go through it;
 * it asks auth.test for who the token is, users.info and conversations.info for names (memoised); with an
 * org-wide token, auth.teams.list for its workspaces and team.info for their domains.
 */
export const slackGateway = defineService({
  name: 'slack',
  slack: {
    'auth.test': 'unpaced',
    'auth.teams.list': 'tier2',
    'team.info': 'tier3',
    'users.info': 'unpaced',
    'conversations.info': 'unpaced',
  },
  create: (base) => base.slack,
});

/** The validated configuration. */
export const configuration = defineService({ name: 'config', create: (base) => base.config });

export const clock = defineService({ name: 'clock', create: (base) => base.clock });

/** MAX_RESPONSE_BYTES: no body is larger. */
export const maxResponseBytes = defineService({
  name: 'max-response-bytes',
  create: (base) => base.config.MAX_RESPONSE_BYTES,
});

/** Whole answers, kept beside the Slack bodies they were built from. */
export const answerCache = defineService({
  name: 'answers',
  create: ({ store, clock, onAnswerHit }) => createAnswerCache({ store, clock, onHit: onAnswerHit }),
});

/** Channel and people directories (conversations.list, users.list) for searches without Real-time Search. */
export const directories = defineService({
  name: 'directories',
  create: ({ slack, store, clock, onClose }) => {
    const loaded = createDirectories({ slack, store, clock });
    onClose(() => loaded.close());
    return loaded;
  },
});

/** Tool search (the catalog plugin's). */
export const catalog = defineService({ name: 'catalog', create: (base) => base.catalog });

/** The company's policy (POLICY_FILE): read at start, again on SIGHUP and on change. */
export const policySource = defineService({
  name: 'policy',
  create: ({ config, log, onClose }) => {
    const source = createPolicySource(config.POLICY_FILE, log);
    onClose(() => source.close());
    return source;
  },
});

/** The audit of reads (bindRead records each call with it). */
export const audit = defineService({ name: 'audit', create: (base) => base.audit });

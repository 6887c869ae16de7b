import { describe, expect, it } from 'vitest';
import { SLACK_METHODS } from '../../src/reads/registry.js';
import { USER_SCOPES } from '../../src/sign-in/slack-oauth.js';

// The user scopes each Slack method our reads call needs, from Slack's method reference (docs.slack.dev,
// "Required scopes": user token) and its Real-time Search guide (search:read.public the minimum, one more
// per channel type and content type). A read that calls a method missing here fails this test: its scope
// must be added to what people are asked to grant at sign-in, or they could not use it.
const SCOPES_BY_METHOD: Record<string, readonly string[]> = {
  'auth.test': [],
  'auth.teams.list': [],
  'search.messages': ['search:read'],
  'search.files': ['search:read'],
  'assistant.search.context': [
    'search:read.public',
    'search:read.private',
    'search:read.im',
    'search:read.mpim',
    'search:read.files',
    'search:read.users',
  ],
  'assistant.search.info': ['search:read.public'],
  'conversations.history': ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  'conversations.replies': ['channels:history', 'groups:history', 'im:history', 'mpim:history'],
  'conversations.info': ['channels:read', 'groups:read', 'im:read', 'mpim:read'],
  'conversations.list': ['channels:read', 'groups:read', 'im:read', 'mpim:read'],
  'users.info': ['users:read'],
  'users.list': ['users:read'],
  'files.info': ['files:read'],
  'usergroups.list': ['usergroups:read'],
  'usergroups.users.list': ['usergroups:read'],
  'team.info': ['team:read'],
};

describe('the user scopes asked at sign-in', () => {
  it('know every Slack method the reads declare', () => {
    expect(Object.keys(SLACK_METHODS).filter((method) => !(method in SCOPES_BY_METHOD))).toEqual([]);
  });

  it('are exactly the scopes those methods need: none missing, none asked for nothing', () => {
    const needed = new Set(Object.keys(SLACK_METHODS).flatMap((method) => SCOPES_BY_METHOD[method] ?? []));
    expect([...USER_SCOPES].sort()).toEqual([...needed].sort());
  });
});

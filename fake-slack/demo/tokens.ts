import type { WorkspaceToken } from '../workspace-types.js';
import { DEPLOYBOT, GUEST, LEO, MAYA, RUTH, SOFIA, TOMASZ } from './users.js';

/** Maya Chen, the demo user: every user scope. */
export const DEMO_USER_TOKEN = 'xoxp-demo-user';
/** Leo Park: every user scope, different private memberships. */
export const DEMO_OTHER_TOKEN = 'xoxp-demo-other';
export const DEMO_BOT_TOKEN = 'xoxb-demo-bot';
/** Maya Chen without `search:read` or the real-time search scopes. */
export const DEMO_NOSCOPE_TOKEN = 'xoxp-demo-noscope';
export const DEMO_REVOKED_TOKEN = 'xoxp-demo-revoked';
/** A deactivated user's token: account_inactive. */
export const DEMO_INACTIVE_TOKEN = 'xoxp-demo-inactive';
/** Val Nguyen, a single-channel guest: users.list shows only Leo and Sofía. */
export const DEMO_GUEST_TOKEN = 'xoxp-demo-guest';

const READ_SCOPES = [
  'channels:history',
  'groups:history',
  'im:history',
  'mpim:history',
  'channels:read',
  'groups:read',
  'im:read',
  'mpim:read',
  'users:read',
  'files:read',
  'usergroups:read',
  'team:read',
];
/** The Real-time Search API's user scopes (assistant.search.context), one per channel type. */
export const RTS_SCOPES = [
  'search:read.public',
  'search:read.private',
  'search:read.im',
  'search:read.mpim',
  'search:read.files',
  'search:read.users',
];
export const USER_SCOPES = ['search:read', ...RTS_SCOPES, ...READ_SCOPES];

export const demoTokens = (): WorkspaceToken[] => [
  { token: DEMO_USER_TOKEN, type: 'user', userId: MAYA, scopes: [...USER_SCOPES] },
  { token: DEMO_OTHER_TOKEN, type: 'user', userId: LEO, scopes: [...USER_SCOPES] },
  { token: DEMO_BOT_TOKEN, type: 'bot', userId: DEPLOYBOT, scopes: [...READ_SCOPES, 'chat:write'] },
  { token: DEMO_NOSCOPE_TOKEN, type: 'user', userId: MAYA, scopes: [...READ_SCOPES] },
  { token: DEMO_REVOKED_TOKEN, type: 'user', userId: TOMASZ, scopes: [...USER_SCOPES], status: 'revoked' },
  {
    token: DEMO_GUEST_TOKEN,
    type: 'user',
    userId: GUEST,
    scopes: ['search:read', ...READ_SCOPES],
    visibleUsers: [LEO, SOFIA],
  },
  { token: DEMO_INACTIVE_TOKEN, type: 'user', userId: RUTH, scopes: [...USER_SCOPES], status: 'inactive' },
];

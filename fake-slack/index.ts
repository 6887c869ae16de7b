export {
  BIG_NOSEARCH_TOKEN,
  BIG_USER_TOKEN,
  type BigWorkspaceOptions,
  bigChannelId,
  bigUserId,
  createBigWorkspace,
} from './big-workspace.js';
export { addBulkMessages, type BulkMessages } from './bulk-messages.js';
export {
  BIG_CSV,
  BRIEF_CANVAS,
  CHECKLIST_CANVAS,
  createDemoWorkspace,
  DEMO_BOT_TOKEN,
  DEMO_CHANNELS,
  DEMO_GUEST_TOKEN,
  DEMO_INACTIVE_TOKEN,
  DEMO_LONG_THREAD,
  DEMO_NOSCOPE_TOKEN,
  DEMO_OTHER_TOKEN,
  DEMO_OTHER_USER_ID,
  DEMO_REVOKED_TOKEN,
  DEMO_TEAM_ID,
  DEMO_USER_ID,
  DEMO_USER_TOKEN,
  DEPLOY_SNIPPET,
  ELSEWHERE_FILE,
  ONCALL_CSV,
  PRICING_CANVAS,
  RUNBOOK_CANVAS,
  VENDOR_PDF,
} from './demo-workspace.js';
export { appUninstalledEvent, deliverEvent, slackSignature, tokensRevokedEvent } from './events.js';
export type {
  CannedBody,
  FakeSlack,
  FakeSlackOptions,
  Fault,
  RateBudget,
  RecordedCall,
  SearchCursorLocation,
} from './fake-slack-types.js';
export { GRID } from './grid/ids.js';
export { createGridOrganisation, createSideWorkspace, gridTs } from './grid/organisation.js';
export type { FakeOAuthOptions, FakeOAuthState } from './oauth/oauth-state.js';
export { TIER_PRESETS } from './rate-limiter.js';
export { parseSearchQuery, type SearchQuery } from './search-query.js';
export { startFakeSlack } from './server.js';
export type {
  ChannelKind,
  Organisation,
  TokenStatus,
  Workspace,
  WorkspaceChannel,
  WorkspaceMessage,
  WorkspaceReaction,
  WorkspaceTeam,
  WorkspaceToken,
  WorkspaceUser,
} from './workspace-types.js';

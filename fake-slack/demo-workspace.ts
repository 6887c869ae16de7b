import {
  BILLING_ONCALL,
  DEPLOYS_OLD,
  DM_MAYA_LEO,
  demoChannels,
  ENGINEERING,
  GENERAL,
  INCIDENTS,
  LAUNCH_Q2,
  PLATFORM_LEADS,
} from './demo/channels.js';
import { INCIDENT_THREAD } from './demo/incident-thread.js';
import { generateDemoMessages } from './demo/messages.js';
import { demoTokens } from './demo/tokens.js';
import { demoUsergroups } from './demo/usergroups.js';
import { DEMO_TEAM, demoUsers, LEO, MAYA } from './demo/users.js';
import { demoFiles } from './demo/workspace-files.js';
import type { Workspace } from './workspace-types.js';

export {
  DEMO_BOT_TOKEN,
  DEMO_GUEST_TOKEN,
  DEMO_INACTIVE_TOKEN,
  DEMO_NOSCOPE_TOKEN,
  DEMO_OTHER_TOKEN,
  DEMO_REVOKED_TOKEN,
  DEMO_USER_TOKEN,
} from './demo/tokens.js';

export const DEMO_TEAM_ID = DEMO_TEAM.id;
/** Maya Chen, whom `xoxp-demo-user` acts as. */
export const DEMO_USER_ID = MAYA;
/** Leo Park, whom `xoxp-demo-other` acts as. */
export const DEMO_OTHER_USER_ID = LEO;

export const DEMO_CHANNELS = {
  general: GENERAL,
  engineering: ENGINEERING,
  incidents: INCIDENTS,
  /** Private; the demo user is a member, the other user is not. */
  platformLeads: PLATFORM_LEADS,
  /** Private; the other user is a member, the demo user is not. */
  launchQ2: LAUNCH_Q2,
  dmDemoOther: DM_MAYA_LEO,
  /** Private; neither demo user is a member. */
  billingOncall: BILLING_ONCALL,
  /** Public and archived. */
  deploysOld: DEPLOYS_OLD,
} as const;

export {
  BIG_CSV,
  BRIEF_CANVAS,
  CHECKLIST_CANVAS,
  DEPLOY_SNIPPET,
  ELSEWHERE_FILE,
  ONCALL_CSV,
  PRICING_CANVAS,
  RUNBOOK_CANVAS,
  VENDOR_PDF,
} from './demo/workspace-files.js';

/** INC-2041 in #incidents: a parent with 40 replies. */
export const DEMO_LONG_THREAD = {
  channel: INCIDENT_THREAD.channel,
  ts: INCIDENT_THREAD.ts ?? '',
  replyCount: INCIDENT_THREAD.replies?.length ?? 0,
} as const;

/** The "Acme Demo" workspace: deterministic, and a fresh copy on every call. */
export function createDemoWorkspace(): Workspace {
  return {
    team: { ...DEMO_TEAM },
    users: demoUsers(),
    channels: demoChannels(),
    messages: generateDemoMessages(),
    tokens: demoTokens(),
    files: demoFiles(),
    usergroups: demoUsergroups(),
  };
}

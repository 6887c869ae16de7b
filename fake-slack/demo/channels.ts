import type { WorkspaceChannel } from '../workspace-types.js';
import { AMARA, DEPLOYBOT, EVERYONE, JONAS, KENJI, LEO, MAYA, PRIYA, SOFIA, TOMASZ } from './users.js';

export const GENERAL = 'C07GENERAL';
export const ENGINEERING = 'C07ENGINRG';
export const INCIDENTS = 'C07INCIDNT';
export const RANDOM = 'C07RANDOM1';
export const PRODUCT = 'C07PRODUCT';
/** Private: Maya, Amara, Priya (not Leo). */
export const PLATFORM_LEADS = 'C07PLATLDS';
/** Private: Leo, Sofía, Amara, Jonas (not Maya). */
export const LAUNCH_Q2 = 'C07LAUNCHQ';
/** Public and archived: listed only when archived channels are asked for. */
export const DEPLOYS_OLD = 'C07DEPLOYS';
/** Private: Priya, Tomasz (neither Maya nor Leo). */
export const BILLING_ONCALL = 'C07BILLING';
export const DM_MAYA_LEO = 'D07MAYALEO';
export const DM_MAYA_PRIYA = 'D07MAYAPRI';
export const DM_MAYA_TOMASZ = 'D07MAYATOM';
export const DM_LEO_SOFIA = 'D07LEOSOFI';
export const MPIM_MAYA_LEO_PRIYA = 'G07MPDMMLP';

const CREATED = 1_735_689_600; // 2025-01-01

export const demoChannels = (): WorkspaceChannel[] => [
  {
    id: GENERAL,
    kind: 'public',
    name: 'general',
    members: [...EVERYONE],
    created: CREATED,
    creator: AMARA,
    topic: 'Company-wide announcements and work-based matters',
    purpose: 'This channel is for team-wide communication and announcements.',
  },
  {
    id: ENGINEERING,
    kind: 'public',
    name: 'engineering',
    members: [MAYA, PRIYA, TOMASZ, JONAS, KENJI, AMARA, DEPLOYBOT],
    created: CREATED + 3_600,
    creator: MAYA,
    topic: 'Deploys, reviews, architecture. Deploy freeze Fridays after 15:00 UTC.',
    purpose: 'Engineering discussion: deploys, code review, architecture decisions',
  },
  {
    id: INCIDENTS,
    kind: 'public',
    name: 'incidents',
    members: [MAYA, PRIYA, TOMASZ, AMARA, LEO, DEPLOYBOT],
    created: CREATED + 7_200,
    creator: PRIYA,
    topic: 'Active incidents only. Runbooks: https://wiki.acme-demo.example/runbooks',
    purpose: 'Declare, coordinate and close production incidents',
  },
  { id: RANDOM, kind: 'public', name: 'random', members: [...EVERYONE], created: CREATED, creator: AMARA },
  {
    id: PRODUCT,
    kind: 'public',
    name: 'product',
    members: [LEO, SOFIA, AMARA, MAYA, JONAS],
    created: CREATED + 10_800,
    creator: LEO,
    purpose: 'Roadmap, specs and customer feedback',
  },
  {
    id: PLATFORM_LEADS,
    kind: 'private',
    name: 'platform-leads',
    members: [MAYA, AMARA, PRIYA],
    created: CREATED + 86_400,
    creator: AMARA,
    topic: 'Platform roadmap and staffing',
    purpose: 'Private coordination for platform team leads',
  },
  {
    id: LAUNCH_Q2,
    kind: 'private',
    name: 'launch-q2',
    members: [LEO, SOFIA, AMARA, JONAS],
    created: CREATED + 172_800,
    creator: LEO,
    topic: 'Q2 launch: pricing, messaging, dates',
    purpose: 'Launch planning for Q2 (confidential until announced)',
  },
  {
    id: BILLING_ONCALL,
    kind: 'private',
    name: 'billing-oncall',
    members: [PRIYA, TOMASZ],
    created: CREATED + 180_000,
    creator: PRIYA,
    topic: 'Billing pipeline alerts',
    purpose: 'On-call for the billing service',
  },
  {
    id: DEPLOYS_OLD,
    kind: 'public',
    name: 'deploys-2025',
    members: [MAYA, PRIYA, TOMASZ, DEPLOYBOT],
    created: CREATED + 5_000,
    creator: MAYA,
    topic: 'Deploy log for 2025 (archived)',
    purpose: 'Automated deploy notices before the move to #engineering',
    archived: true,
  },
  { id: DM_MAYA_LEO, kind: 'im', members: [MAYA, LEO], created: CREATED + 200_000 },
  { id: DM_MAYA_PRIYA, kind: 'im', members: [MAYA, PRIYA], created: CREATED + 210_000 },
  { id: DM_MAYA_TOMASZ, kind: 'im', members: [MAYA, TOMASZ], created: CREATED + 220_000 },
  { id: DM_LEO_SOFIA, kind: 'im', members: [LEO, SOFIA], created: CREATED + 230_000 },
  { id: MPIM_MAYA_LEO_PRIYA, kind: 'mpim', members: [MAYA, LEO, PRIYA], created: CREATED + 240_000 },
];

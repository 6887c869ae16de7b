import type { WorkspaceUsergroup } from '../workspace-types.js';
import { BILLING_ONCALL, ENGINEERING, INCIDENTS } from './channels.js';
import { AMARA, JONAS, KENJI, LEO, MAYA, PRIYA, SOFIA, TOMASZ } from './users.js';

/** 2 February 2026, before the demo's messages. */
const CREATED = 1770019200;

/** The demo's user groups: an on-call rota, a team, the leads, and a disabled guild (listed on request). */
export const demoUsergroups = (): WorkspaceUsergroup[] => [
  {
    id: 'S07ONCALLP',
    handle: 'oncall-platform',
    name: 'Platform on-call',
    description: 'Who carries the pager for the platform this week: page us for prod incidents',
    users: [PRIYA, TOMASZ, MAYA],
    channels: [INCIDENTS],
    createdBy: AMARA,
    created: CREATED,
  },
  {
    id: 'S07BILLING',
    handle: 'billing-team',
    name: 'Billing team',
    description: 'Payments, invoices and usage-based billing: ask us about pricing and charges',
    users: [LEO, JONAS, SOFIA, AMARA],
    channels: [BILLING_ONCALL],
    createdBy: LEO,
    created: CREATED + 3_600,
  },
  {
    id: 'S07ENGLEAD',
    handle: 'eng-leads',
    name: 'Engineering leads',
    description: 'Engineering managers and tech leads: architecture and hiring decisions',
    users: [AMARA, MAYA, PRIYA],
    channels: [ENGINEERING],
    createdBy: AMARA,
    created: CREATED + 7_200,
  },
  {
    id: 'S07DESIGNG',
    handle: 'design-guild',
    name: 'Design guild',
    description: 'Designers and front-end engineers: design reviews on Thursdays',
    users: [SOFIA, JONAS, KENJI],
    createdBy: SOFIA,
    created: CREATED + 10_800,
    // Disabled on 1 March 2026.
    disabled: 1772323200,
  },
];

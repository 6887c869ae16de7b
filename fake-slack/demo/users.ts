import type { WorkspaceTeam, WorkspaceUser } from '../workspace-types.js';

export const DEMO_TEAM: WorkspaceTeam = {
  id: 'T07ACMEDMO',
  name: 'Acme Demo',
  domain: 'acme-demo',
  aiSearch: true,
};

export const MAYA = 'U07MAYACHN';
export const LEO = 'U07LEOPARK';
export const PRIYA = 'U07PRIYASH';
export const TOMASZ = 'U07TOMNOWK';
export const AMARA = 'U07AMARAOK';
export const JONAS = 'U07JONASMU';
export const SOFIA = 'U07SOFIAGA';
export const KENJI = 'U07KENJIWA';
export const DEPLOYBOT = 'U07DEPLOYB';
export const RUTH = 'U07RUTHALV';
/** A guest (in no demo channel): users.list shows them only Leo and Sofía. */
export const GUEST = 'U07GUESTVN';

export const ENGINEERS = [MAYA, PRIYA, TOMASZ, JONAS, KENJI] as const;
export const EVERYONE = [MAYA, LEO, PRIYA, TOMASZ, AMARA, JONAS, SOFIA, KENJI] as const;

export const demoUsers = (): WorkspaceUser[] => [
  { id: MAYA, name: 'maya', realName: 'Maya Chen', title: 'Staff Engineer, Platform', tz: 'Europe/London' },
  { id: LEO, name: 'leo', realName: 'Leo Park', title: 'Product Manager', tz: 'America/New_York' },
  {
    id: PRIYA,
    name: 'priya',
    realName: 'Priya Shah',
    title: 'Site Reliability Engineer',
    tz: 'Asia/Kolkata',
  },
  { id: TOMASZ, name: 'tomasz', realName: 'Tomasz Nowak', title: 'Backend Engineer', tz: 'Europe/Warsaw' },
  {
    id: AMARA,
    name: 'amara',
    realName: 'Amara Okafor',
    title: 'Engineering Manager',
    tz: 'Africa/Lagos',
    isAdmin: true,
  },
  { id: JONAS, name: 'jonas', realName: 'Jonas Müller', title: 'Frontend Engineer', tz: 'Europe/Berlin' },
  { id: SOFIA, name: 'sofia', realName: 'Sofía García', title: 'Product Designer', tz: 'Europe/Madrid' },
  {
    id: KENJI,
    name: 'kenji',
    realName: 'Kenji Watanabe',
    displayName: 'Kenji 渡辺',
    title: 'Data Engineer',
    tz: 'Asia/Tokyo',
  },
  { id: DEPLOYBOT, name: 'deploybot', realName: 'Deploy Bot', isBot: true, botId: 'B07DEPLOYB' },
  { id: RUTH, name: 'ruth', realName: 'Ruth Alvarez', title: 'Contractor', deleted: true },
  {
    id: GUEST,
    name: 'val',
    realName: 'Val Nguyen',
    title: 'Launch agency (guest)',
    tz: 'America/Los_Angeles',
    isRestricted: true,
  },
];

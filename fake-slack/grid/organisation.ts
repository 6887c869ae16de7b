import { USER_SCOPES } from '../demo/tokens.js';
import type { Organisation, Workspace, WorkspaceMessage } from '../workspace-types.js';
import { GRID } from './ids.js';

const { teams: T, users: U, channels: C, tokens: K } = GRID;
const MONDAY = 1_773_050_400; // 2026-03-09 10:00 UTC
/** `minutes` after Monday 10:00 UTC, as a Slack ts. */
export const gridTs = (minutes: number) => `${MONDAY + minutes * 60}.000100`;
const say = (channel: string, minutes: number, user: string, text: string, threadOf?: number) =>
  ({
    channel,
    ts: gridTs(minutes),
    user,
    text,
    ...(threadOf === undefined ? {} : { threadTs: gridTs(threadOf) }),
  }) satisfies WorkspaceMessage;

const gridMessages = (): WorkspaceMessage[] => [
  say(C.hqGeneral, 0, U.ben, 'HQ rollout plan is in the doc'),
  say(C.hqGeneral, 10, U.ana, 'HQ rollout starts Tuesday'),
  say(C.labsGeneral, 20, U.chloe, 'Labs rollout of the new model is green'),
  say(C.labsGeneral, 30, U.gia, 'guest question: when is the rollout demo?'),
  say(C.launchShared, 40, U.ana, 'Shared launch rollout checklist, both workspaces please'),
  say(C.launchShared, 50, U.ben, 'HQ is ready for the rollout', 40),
  say(C.launchShared, 60, U.chloe, 'Labs is ready for the rollout too', 40),
  say(C.partnerConnect, 70, U.pat, 'Partner side rollout confirmed'),
  say(C.partnerConnect, 80, U.ben, 'thanks Pat, see you at the rollout'),
  say(C.labsSecret, 90, U.chloe, 'secret rollout budget approved'),
  say(C.salesGeneral, 100, U.dev, 'sales rollout deck is ready'),
  say(C.dmAnaBen, 110, U.ben, 'can you review the rollout doc?'),
];

const CREATED = 1_767_225_600; // 2026-01-01
/** The same human in Grid Corp and in Side Project: one email, two accounts. */
const ANA_EMAIL = 'ana.silva@example.com';

/** Grid Corp: a fresh copy on every call, so tests may change it. */
export function createGridOrganisation(): Organisation {
  return {
    enterprise: { ...GRID.enterprise },
    teams: [
      { id: T.hq, name: 'Grid HQ', domain: 'gridcorp-hq' },
      { id: T.labs, name: 'Grid Labs', domain: 'gridcorp-labs' },
      { id: T.sales, name: 'Grid Sales', domain: 'gridcorp-sales' },
    ],
    approved: [T.hq, T.labs],
    users: [
      {
        id: U.ana,
        name: 'ana',
        realName: 'Ana Silva',
        title: 'Launch Lead',
        email: ANA_EMAIL,
        teams: [T.hq, T.labs],
      },
      { id: U.ben, name: 'ben', realName: 'Ben Okafor', title: 'Operations', teams: [T.hq] },
      { id: U.chloe, name: 'chloe', realName: 'Chloe Kim', title: 'ML Engineer', teams: [T.labs] },
      { id: U.dev, name: 'dev', realName: 'Dev Rao', title: 'Account Executive', teams: [T.sales] },
      { id: U.gia, name: 'gia', realName: 'Gia Moretti', isRestricted: true, teams: [T.labs] },
      {
        id: U.pat,
        name: 'pat',
        realName: 'Pat Reyes',
        title: 'Partner Co',
        email: 'pat@partner-co.example.com',
        teamId: T.partner,
      },
    ],
    channels: [
      {
        id: C.hqGeneral,
        kind: 'public',
        name: 'hq-general',
        members: [U.ana, U.ben],
        created: CREATED,
        teams: [T.hq],
      },
      {
        id: C.labsGeneral,
        kind: 'public',
        name: 'labs-general',
        members: [U.ana, U.chloe, U.gia],
        created: CREATED,
        teams: [T.labs],
      },
      {
        id: C.launchShared,
        kind: 'public',
        name: 'launch-shared',
        members: [U.ana, U.ben, U.chloe],
        created: CREATED,
        topic: 'One launch, two workspaces',
        teams: [T.hq, T.labs],
      },
      {
        id: C.partnerConnect,
        kind: 'public',
        name: 'partner-connect',
        members: [U.ana, U.ben, U.pat],
        created: CREATED,
        teams: [T.hq],
        externalTeams: [T.partner],
      },
      {
        id: C.labsSecret,
        kind: 'private',
        name: 'labs-secret',
        members: [U.ana, U.chloe],
        created: CREATED,
        teams: [T.labs],
      },
      {
        id: C.salesGeneral,
        kind: 'public',
        name: 'sales-general',
        members: [U.dev],
        created: CREATED,
        teams: [T.sales],
      },
      { id: C.dmAnaBen, kind: 'im', members: [U.ana, U.ben], created: CREATED, teams: [T.hq] },
    ],
    messages: gridMessages(),
    files: [
      {
        id: GRID.files.labsNotes,
        name: 'labs-rollout-notes.txt',
        title: 'Labs rollout notes',
        user: U.chloe,
        created: MONDAY + 25 * 60,
        filetype: 'text',
        mimetype: 'text/plain',
        prettyType: 'Plain Text',
        mode: 'snippet',
        channels: [C.labsGeneral],
        content: 'Rollout notes: model v2 to 10% on Tuesday.\n',
      },
      {
        id: GRID.files.launchBrief,
        name: 'Launch brief',
        title: 'Launch brief',
        user: U.ana,
        created: MONDAY + 45 * 60,
        filetype: 'quip',
        mimetype: 'application/vnd.slack-docs',
        prettyType: 'Canvas',
        mode: 'quip',
        channels: [C.launchShared],
        content: '<h1>Launch brief</h1><p class="line">The rollout in both workspaces.</p>',
      },
    ],
    usergroups: [
      {
        id: GRID.usergroups.hqOps,
        handle: 'hq-ops',
        name: 'HQ Ops',
        description: 'Operations at HQ',
        users: [U.ben, U.ana],
        createdBy: U.ben,
        created: CREATED,
        teamId: T.hq,
      },
      {
        id: GRID.usergroups.labsMl,
        handle: 'labs-ml',
        name: 'Labs ML',
        description: 'Machine learning at Labs',
        users: [U.chloe, U.ana],
        createdBy: U.chloe,
        created: CREATED,
        teamId: T.labs,
      },
    ],
    tokens: [
      { token: K.orgAna, type: 'user', userId: U.ana, scopes: [...USER_SCOPES], orgWide: true },
      { token: K.orgBen, type: 'user', userId: U.ben, scopes: [...USER_SCOPES], orgWide: true },
      {
        token: K.orgGia,
        type: 'user',
        userId: U.gia,
        scopes: [...USER_SCOPES],
        orgWide: true,
        visibleUsers: [U.chloe],
      },
      { token: K.orgDev, type: 'user', userId: U.dev, scopes: [...USER_SCOPES], orgWide: true },
      { token: K.hqAna, type: 'user', userId: U.ana, scopes: [...USER_SCOPES], teamId: T.hq },
      { token: K.labsChloe, type: 'user', userId: U.chloe, scopes: [...USER_SCOPES], teamId: T.labs },
    ],
  };
}

/** Side Project: a workspace outside the organisation where Ana Silva has another account. */
export function createSideWorkspace(): Workspace {
  return {
    team: { id: T.side, name: 'Side Project', domain: 'side-project' },
    users: [
      { id: U.sideAna, name: 'ana', realName: 'Ana Silva', title: 'Maintainer', email: ANA_EMAIL },
      { id: U.sideOmar, name: 'omar', realName: 'Omar Haddad' },
    ],
    channels: [
      {
        id: C.sideGeneral,
        kind: 'public',
        name: 'general',
        members: [U.sideAna, U.sideOmar],
        created: CREATED,
      },
    ],
    messages: [
      say(C.sideGeneral, 5, U.sideOmar, 'side project rollout tonight'),
      say(C.sideGeneral, 15, U.sideAna, 'rollout notes for the side project are up'),
    ],
    tokens: [{ token: K.sideAna, type: 'user', userId: U.sideAna, scopes: [...USER_SCOPES] }],
  };
}

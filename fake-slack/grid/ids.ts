/** Grid Corp, an Enterprise Grid organisation of three workspaces, and a workspace outside it. */
export const GRID = {
  enterprise: { id: 'E07GRIDCO', name: 'Grid Corp', domain: 'gridcorp' },
  teams: {
    /** Grid HQ: the org app is approved here. */
    hq: 'T07GRIDHQ',
    /** Grid Labs: the org app is approved here. */
    labs: 'T07GRIDLAB',
    /** Grid Sales: the org app is NOT approved here (team_access_not_granted). */
    sales: 'T07GRIDSLS',
    /** Partner Co's workspace, another organisation (Slack Connect). */
    partner: 'T0PARTNER',
    /** Side Project: a workspace outside the organisation. */
    side: 'T0SIDEPRJ',
  },
  users: {
    /** Ana Silva: in Grid HQ and Grid Labs (one W… id), and has another account in Side Project. */
    ana: 'W07ANASILV',
    /** Ben Okafor: Grid HQ only. */
    ben: 'W07BENOKAF',
    /** Chloe Kim: Grid Labs only. */
    chloe: 'W07CHLOEKM',
    /** Dev Rao: Grid Sales only (a workspace the app is not approved in). */
    dev: 'W07DEVRAOS',
    /** Gia Moretti: a guest of Grid Labs who sees only Chloe. */
    gia: 'W07GIAMORE',
    /** Pat Reyes of Partner Co: an external (Slack Connect) person in #partner-connect. */
    pat: 'U0PARTPAT',
    /** Ana Silva's account in Side Project (another workspace, not the organisation). */
    sideAna: 'U0SIDEANA',
    sideOmar: 'U0SIDEOMAR',
  },
  channels: {
    hqGeneral: 'C07HQGENRL',
    labsGeneral: 'C07LABGENR',
    /** #launch-shared: one id, shared between Grid HQ and Grid Labs. */
    launchShared: 'C07LAUNCHX',
    /** #partner-connect: Grid HQ's channel shared with Partner Co (Slack Connect). */
    partnerConnect: 'C07PARTNER',
    /** Private #labs-secret: Ana and Chloe. */
    labsSecret: 'G07LABSECR',
    salesGeneral: 'C07SALESGN',
    /** Ben and Ana's DM, in Grid HQ. */
    dmAnaBen: 'D07ANABEN0',
    sideGeneral: 'C0SIDEGEN',
  },
  files: { labsNotes: 'F07LABNOTE', launchBrief: 'F07LAUNCHB' },
  usergroups: { hqOps: 'S07HQOPS', labsMl: 'S07LABSML' },
  tokens: {
    /** Ana's org-wide user token (every user scope): reads Grid HQ and Grid Labs. */
    orgAna: 'xoxp-grid-org-ana',
    /** Ben's org-wide user token: reads Grid HQ. */
    orgBen: 'xoxp-grid-org-ben',
    /** Gia's org-wide token (a guest of Grid Labs). */
    orgGia: 'xoxp-grid-org-gia',
    /** Dev's org-wide token: no workspace it may read (the app is not approved in Grid Sales). */
    orgDev: 'xoxp-grid-org-dev',
    /** Ana's workspace token for Grid HQ. */
    hqAna: 'xoxp-grid-hq-ana',
    /** Chloe's workspace token for Grid Labs. */
    labsChloe: 'xoxp-grid-labs-chloe',
    /** Ana's token in Side Project. */
    sideAna: 'xoxp-side-ana',
  },
} as const;

/** What a 404 for an unknown workspace adds when the caller reads with an org-wide token (src/reads/workspaces.ts). */
export const NOT_LISTED =
  ". Your organisation's other workspaces are not listed until an admin of the organisation adds the app to them";

/** The fake organisation's user groups as a one-workspace search answers them (concise), members named. */
export const GROUPS = {
  hqOps: {
    usergroup_id: 'S07HQOPS',
    handle: 'hq-ops',
    name: 'HQ Ops',
    description: 'Operations at HQ',
    member_count: 2,
    members: [
      { user_id: 'W07BENOKAF', user_name: 'ben' },
      { user_id: 'W07ANASILV', user_name: 'ana' },
    ],
  },
  labsMl: {
    usergroup_id: 'S07LABSML',
    handle: 'labs-ml',
    name: 'Labs ML',
    description: 'Machine learning at Labs',
    member_count: 2,
    members: [
      { user_id: 'W07CHLOEKM', user_name: 'chloe' },
      { user_id: 'W07ANASILV', user_name: 'ana' },
    ],
  },
};

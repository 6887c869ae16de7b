/** What a 404 for an unknown workspace adds when the caller reads with an org-wide token (src/reads/workspaces.ts). */
export const NOT_LISTED =
  ". Your organisation's other workspaces are not listed until an admin of the organisation adds the app to them";

/**
 * Slack refusals that Enterprise Grid imposes, in words that say what to do. `owner`: the workspace the call
 * read (`T…`: the one asked, or the token's) or the token's organisation (`E…`), when known.
 */

/** Methods that need `team_id` with an organisation-wide token (Slack: "required if org token is used"). */
export const TEAM_ID_METHODS: ReadonlySet<string> = new Set([
  'search.messages',
  'search.files',
  'conversations.list',
  'users.list',
  'users.conversations',
  'usergroups.list',
  'usergroups.users.list',
]);

export const GRID_CODES = new Set([
  'team_access_not_granted',
  'enterprise_is_restricted',
  'missing_argument',
]);

/** How a message names the workspace asked (or the token's) or the token's organisation, when an id says which. */
function ownerOf(owner: string | undefined): string {
  if (owner && /^T[A-Z0-9]{2,}$/.test(owner)) return `; workspace ${owner}`;
  if (owner && /^E[A-Z0-9]{2,}$/.test(owner)) return `; organisation ${owner}`;
  return '';
}

/** What to tell the caller about `code` from `method`, or undefined when it is not Grid's doing. */
export function gridRestriction(code: string, method: string, owner?: string): string | undefined {
  const of = ownerOf(owner);
  switch (code) {
    case 'team_access_not_granted':
      return `Slack has not granted this token the workspace ${method} reads (team_access_not_granted${of}): an admin of your Enterprise Grid organisation adds the app to that workspace, or read another one with the workspace parameter`;
    case 'enterprise_is_restricted':
      return `Slack does not let ${method} be called with this organisation-level token (enterprise_is_restricted${of}): use a user token (xoxp-…) of the app installed on the workspace you want to read, or ask an admin of the organisation whether the app is restricted`;
    case 'missing_argument':
      // Any other argument missing is ours to send, not the caller's to fix.
      return TEAM_ID_METHODS.has(method)
        ? `Slack needs a workspace (team_id) for ${method} with an organisation-wide token (missing_argument${of}): name one with the workspace parameter (its id or name)`
        : undefined;
    default:
      return undefined;
  }
}

import { approvedTeams, grantedTeams } from '../organisation.js';
import { fail } from '../slack-error.js';
import type { WorkspaceTeam } from '../workspace-types.js';
import { isTrue, type MethodContext, type MethodSpec } from './method-context.js';

const icon = (team: WorkspaceTeam) => {
  const url = (size: number | string) => `https://avatars.slack-edge.example/${team.id}/icon_${size}.png`;
  return {
    icon: {
      image_34: url(34),
      image_44: url(44),
      image_68: url(68),
      image_88: url(88),
      image_102: url(102),
      image_132: url(132),
      image_230: url(230),
      image_default: false,
    },
  };
};

/**
 * auth.teams.list (no scope): the workspaces the org-wide app is approved in — with a person's org token,
 * those the person belongs to unless the organisation says `teamsListAll` — paged by `limit` (100, at most
 * 1000; else `invalid_limit`) and `cursor`. A workspace token gets its own workspace.
 */
function handle(ctx: MethodContext) {
  const { org, token } = ctx;
  const raw = ctx.params.limit;
  if (raw !== undefined && raw !== '' && !/^\d+$/.test(raw)) fail('invalid_limit');
  const limit = raw ? Number(raw) : 100;
  if (limit < 1 || limit > 1000) fail('invalid_limit');
  const teams =
    org && token.orgWide
      ? org.teamsListAll
        ? approvedTeams(org)
        : grantedTeams(org, token.userId)
      : [ctx.index.team];
  let start = 0;
  if (ctx.params.cursor) {
    const decoded = Buffer.from(ctx.params.cursor, 'base64').toString('utf8');
    start = teams.findIndex((team) => `team:${team.id}` === decoded);
    if (start === -1) fail('invalid_cursor');
  }
  const page = teams.slice(start, start + limit);
  const next = teams[start + limit];
  const withIcon = isTrue(ctx.params.include_icon);
  return {
    ok: true,
    teams: page.map((team) => ({ id: team.id, name: team.name, ...(withIcon ? icon(team) : {}) })),
    response_metadata: { next_cursor: next ? Buffer.from(`team:${next.id}`).toString('base64') : '' },
  };
}

export const authTeamsList: MethodSpec = { acceptedScopes: [], handle };

import { grantedTeams } from '../organisation.js';
import { fail } from '../slack-error.js';
import type { WorkspaceTeam } from '../workspace-types.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/**
 * team.info (`team:read`): a workspace's id, name, domain and organisation, in Slack's documented shape. With
 * `team`, that workspace (an org-wide token: one it reads; else `team_not_found`); without, the token's own
 * (an org-wide token has none: `team_not_found`).
 */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'team:read');
  const { org, token } = ctx;
  const wanted = ctx.params.team;
  const readable: WorkspaceTeam[] = org && token.orgWide ? grantedTeams(org, token.userId) : [ctx.index.team];
  const team = wanted ? readable.find((t) => t.id === wanted) : token.orgWide ? undefined : ctx.index.team;
  if (!team) fail('team_not_found');
  const enterprise = org?.enterprise;
  return {
    ok: true,
    team: {
      id: team.id,
      name: team.name,
      url: `https://${team.domain}.slack.com/`,
      domain: team.domain,
      email_domain: '',
      icon: { image_default: true },
      ...(enterprise ? { enterprise_id: enterprise.id, enterprise_name: enterprise.name } : {}),
    },
  };
}

export const teamInfo: MethodSpec = { acceptedScopes: ['team:read'], handle };

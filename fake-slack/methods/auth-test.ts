import type { MethodContext, MethodSpec } from './method-context.js';

/** An org token's `team_id`: Slack's docs leave it unsettled (the enterprise id, null, or nothing). */
function orgTeamId(ctx: MethodContext) {
  const setting = ctx.org?.orgTokenTeamId ?? 'enterprise';
  if (setting === 'absent') return {};
  return { team_id: setting === 'null' ? null : (ctx.org?.enterprise.id ?? null) };
}

function handle(ctx: MethodContext) {
  const { index, token, org } = ctx;
  const user = index.users.get(token.userId);
  if (token.orgWide && org) {
    return {
      ok: true,
      url: `https://${org.enterprise.domain}.enterprise.slack.com/`,
      team: org.enterprise.name,
      user: user?.name ?? null,
      ...orgTeamId(ctx),
      user_id: token.userId,
      enterprise_id: org.enterprise.id,
      is_enterprise_install: true,
    };
  }
  return {
    ok: true,
    url: `https://${index.team.domain}.slack.com/`,
    team: index.team.name,
    user: user?.name ?? null,
    team_id: index.team.id,
    user_id: token.userId,
    ...(token.type === 'bot' && user?.botId ? { bot_id: user.botId } : {}),
    ...(index.team.enterpriseId ? { enterprise_id: index.team.enterpriseId } : {}),
    is_enterprise_install: false,
  };
}

export const authTest: MethodSpec = { acceptedScopes: [], handle };

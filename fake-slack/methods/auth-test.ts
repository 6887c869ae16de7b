import type { MethodContext, MethodSpec } from './method-context.js';

function handle({ index, token }: MethodContext) {
  const user = index.users.get(token.userId);
  return {
    ok: true,
    url: `https://${index.team.domain}.slack.com/`,
    team: index.team.name,
    user: user?.name ?? null,
    team_id: index.team.id,
    user_id: token.userId,
    ...(token.type === 'bot' && user?.botId ? { bot_id: user.botId } : {}),
    is_enterprise_install: false,
  };
}

export const authTest: MethodSpec = { acceptedScopes: [], handle };

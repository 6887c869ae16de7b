import { conversationInfo } from '../channel-shape.js';
import {
  isTrue,
  type MethodContext,
  type MethodSpec,
  requireScope,
  scopeFor,
  visibleChannel,
} from './method-context.js';

function handle(ctx: MethodContext) {
  const channel = visibleChannel(ctx);
  requireScope(ctx, scopeFor(channel.kind, 'read'));
  const withMembers = isTrue(ctx.params.include_num_members);
  return { ok: true, channel: conversationInfo(channel, ctx.index, ctx.token.userId, withMembers) };
}

export const conversationsInfo: MethodSpec = {
  acceptedScopes: ['channels:read', 'groups:read', 'im:read', 'mpim:read'],
  handle,
};

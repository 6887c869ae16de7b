import { permalinkFor } from '../permalink.js';
import { fail } from '../slack-error.js';
import { messageKey } from '../workspace-index.js';
import { type MethodContext, type MethodSpec, visibleChannel } from './method-context.js';

function handle(ctx: MethodContext) {
  const channel = visibleChannel(ctx);
  const key = messageKey(channel.id, ctx.params.message_ts ?? '');
  const message = ctx.index.messages.get(key) ?? fail('message_not_found');
  return { ok: true, channel: channel.id, permalink: permalinkFor(ctx.index.teamOf(channel.id), message) };
}

export const chatGetPermalink: MethodSpec = { acceptedScopes: [], handle };

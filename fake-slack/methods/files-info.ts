import { fileShape } from '../file-shape.js';
import { fail } from '../slack-error.js';
import { canSeeFile } from '../workspace-index.js';
import { type MethodContext, type MethodSpec, requireScope } from './method-context.js';

/** files.info (`files:read`): the file object; one the user may not see is `file_not_found`, as in Slack. */
function handle(ctx: MethodContext) {
  requireScope(ctx, 'files:read');
  const file = ctx.index.files.get(ctx.params.file ?? '');
  if (!file || !canSeeFile(file, ctx.index, ctx.token.userId)) fail('file_not_found');
  return {
    ok: true,
    file: fileShape(file, ctx.index, ctx.token.userId, ctx.options.fileOrigin),
    comments: [],
    response_metadata: { next_cursor: '' },
  };
}

export const filesInfo: MethodSpec = { acceptedScopes: ['files:read'], handle };

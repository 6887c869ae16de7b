import type { CacheStatus } from '../../cache/types.js';
import type { ThreadBody, ThreadRepliesParams } from '../../schemas/thread.js';
import type { Surface } from '../../slack/wording.js';
import type { SlackAccess } from '../../slack-client/types.js';
import type { PipelineDeps } from '../read-deps.js';
import { readThread } from '../thread-page.js';
import { withCompact } from '../with-compact.js';
import { compactThread } from './compact.js';

/** conversations.replies for the caller; compact is the concise answer (one cache entry) rendered as text. */
export const threadReplies = withCompact(threadBody, compactThread);

/** conversations.replies for the caller: fetch, names, format, summary, budget; the answer is cached whole. */
async function threadBody(
  deps: PipelineDeps,
  access: SlackAccess,
  params: ThreadRepliesParams,
  surface: Surface,
): Promise<{ body: ThreadBody; cache: CacheStatus }> {
  const { slack, answers } = deps;
  const key = answers.key('conversations.replies', slack.identityOf(access), { surface, params });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<ThreadBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };
  const { body, fetched } = await readThread(deps, access, me, params, surface);
  await answers.set(key, body, [fetched]);
  return { body, cache: fetched.status };
}

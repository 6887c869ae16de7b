import type { CacheStatus } from '../../cache/types.js';
import type { ThreadBody, ThreadRepliesParams } from '../../schemas/thread.js';
import type { SlackAccess } from '../../slack-client/types.js';
import { answerCache } from '../common-services.js';
import type { ServicesOf } from '../services.js';
import { readThread, threadPageServices } from '../thread-page.js';
import { withCompact } from '../with-compact.js';
import type { Wording } from '../wording.js';
import { compactThread } from './compact.js';

export const threadServices = { ...threadPageServices, answers: answerCache };
type ThreadDeps = ServicesOf<typeof threadServices>;

/** conversations.replies for the caller; compact is the concise answer (one cache entry) rendered as text. */
export const threadReplies = withCompact(threadBody, compactThread);

/** conversations.replies for the caller: fetch, names, format, summary, budget; the answer is cached whole. */
async function threadBody(
  deps: ThreadDeps,
  access: SlackAccess,
  params: ThreadRepliesParams,
  wording: Wording,
): Promise<{ body: ThreadBody; cache: CacheStatus }> {
  const { slack, answers } = deps;
  const key = answers.key('conversations.replies', slack.identityOf(access), {
    surface: wording.surface,
    params,
  });
  const [me, answer] = await Promise.all([slack.whoAmI(access), answers.get<ThreadBody>(key)]);
  if (answer) return { body: answer, cache: 'HIT' };
  const { body, fetched } = await readThread(deps, access, me, params, wording);
  await answers.set(key, body, [fetched]);
  return { body, cache: fetched.status };
}

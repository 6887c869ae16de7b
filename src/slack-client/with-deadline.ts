import { Errors } from '../errors.js';

/**
 * Settles with `work` or rejects with a 504 at `deadline`, whichever comes first. The work itself goes
 * on, so a Slack answer that arrives late still lands in the cache for the next caller.
 */
export function withDeadline<T>(work: Promise<T>, deadline: number, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Errors.Deadline(budgetMs)), Math.max(0, deadline - Date.now()));
  });
  work.catch(() => {});
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

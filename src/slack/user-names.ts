import { filled, isObject } from './slack-values.js';

/** users.info calls one request may make (Tier 4 allows ~100/min per workspace). */
export const MAX_NAME_LOOKUPS = 20;

/** The name people see in Slack: display name, else real name, else the handle. */
export function displayNameOf(user: unknown): string | undefined {
  if (!isObject(user)) return undefined;
  const profile = isObject(user.profile) ? user.profile : {};
  return (
    filled(profile.display_name) ?? filled(profile.real_name) ?? filled(user.real_name) ?? filled(user.name)
  );
}

/**
 * Names for `ids` (first `limit` distinct ones, in order), looked up in parallel. A lookup that fails
 * or finds nobody leaves that id out: the reader then writes `@U…`, and the request goes on.
 */
export async function lookUpNames(
  ids: Iterable<string>,
  lookup: (userId: string) => Promise<string | undefined>,
  limit = MAX_NAME_LOOKUPS,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].slice(0, limit);
  const settled = await Promise.allSettled(wanted.map(lookup));
  const names = new Map<string, string>();
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled' && result.value) names.set(wanted[i], result.value);
  });
  return names;
}

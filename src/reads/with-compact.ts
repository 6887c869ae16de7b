import type { CacheStatus } from '../cache/types.js';
import type { SlackAccess } from '../slack-client/types.js';
import type { Wording } from './wording.js';

/**
 * Answers from the cache are shared objects: each is rendered as compact text once, then reused (as
 * `send-json.ts` does for JSON bytes).
 */
const rendered = new WeakMap<object, string>();

export function renderOnce<T extends object>(body: T, render: (body: T) => string): string {
  let text = rendered.get(body);
  if (text === undefined) {
    text = render(body);
    rendered.set(body, text);
  }
  return text;
}

type ReadBody<D, P, B> = (
  deps: D,
  access: SlackAccess,
  params: P,
  wording: Wording,
) => Promise<{ body: B; cache: CacheStatus }>;

/**
 * A read that also answers `response_format=compact`: the concise answer (the same cache entry) rendered
 * as text by `render` (the concise body's type); every other format is `read` itself.
 */
export function withCompact<D, P extends { response_format?: string }, B extends object, C extends object>(
  read: ReadBody<D, P, B>,
  render: (concise: C) => string,
): (...args: Parameters<ReadBody<D, P, B>>) => Promise<{ body: B; cache: CacheStatus; text?: string }> {
  return async (deps, access, params, wording) => {
    if (params.response_format !== 'compact') return read(deps, access, params, wording);
    const answer = await read(deps, access, { ...params, response_format: 'concise' }, wording);
    return { ...answer, text: renderOnce(answer.body as unknown as C, render) };
  };
}

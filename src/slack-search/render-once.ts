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

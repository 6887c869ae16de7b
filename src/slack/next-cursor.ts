type Cursorish = { next_cursor?: unknown } | undefined;

const nonEmpty = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** search.messages puts next_cursor in `messages.pagination`, `messages.paging` or `response_metadata`. */
export function readSearchNextCursor(body: Record<string, unknown>): string | undefined {
  const messages = body.messages as { pagination?: Cursorish; paging?: Cursorish } | undefined;
  return (
    nonEmpty(messages?.pagination?.next_cursor) ??
    nonEmpty(messages?.paging?.next_cursor) ??
    nonEmpty((body.response_metadata as Cursorish)?.next_cursor)
  );
}

export function readNextCursor(body: Record<string, unknown>): string | undefined {
  return nonEmpty((body.response_metadata as Cursorish)?.next_cursor);
}

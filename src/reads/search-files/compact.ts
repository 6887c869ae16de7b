import { compactText } from '../../slack/compact-text.js';
import type { ConciseFilesBody } from './schemas.js';

const day = (iso: string) => iso.slice(0, 10);
const kindWord = (kind: string) => (kind === 'canvases' ? 'canvas' : kind.replace(/s$/, ''));

/** Found files as compact text: one header line each (id, kind, title, author, day, link), then its preview. */
export function compactFiles(body: ConciseFilesBody): string {
  const blocks = body.files.matches.map((f) => {
    const who = f.user_name ? `@${f.user_name}` : (f.user_id ?? '');
    const head = [f.file_id, kindWord(f.kind), `"${f.title}"`, who, day(f.created), f.workspace, f.permalink]
      .filter(Boolean)
      .join(' ');
    return f.preview ? `${head}\n${f.preview}` : head;
  });
  const users = new Map<string, string>();
  for (const f of body.files.matches) if (f.user_id && f.user_name) users.set(f.user_name, f.user_id);
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    `query: ${body.query}${body.backend === 'rts' ? ', backend: rts' : ''}`,
    users.size ? `users: ${[...users].map(([n, id]) => `@${n}=${id}`).join(', ')}` : undefined,
  ];
  return compactText(body.summary, lines, blocks);
}

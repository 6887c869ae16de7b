import { compactText } from '../../slack/compact-text.js';
import type { ConciseFileBody } from './schemas.js';

const day = (iso: string) => iso.slice(0, 10);
const kindWord = (kind: string) => (kind === 'canvases' ? 'canvas' : kind.replace(/s$/, ''));

/** A file read as compact text: the summary, one line of facts, then the text itself. */
export function compactFile(body: ConciseFileBody): string {
  const f = body.file;
  const who = f.user_name ? `@${f.user_name}=${f.user_id}` : (f.user_id ?? undefined);
  const facts = [
    `file: ${f.file_id} ${kindWord(f.kind)} "${f.title}"`,
    who && `by ${who}`,
    `created ${day(f.created)}`,
    f.updated && `updated ${day(f.updated)}`,
    f.permalink,
  ]
    .filter(Boolean)
    .join(', ');
  return compactText(body.summary, [facts], body.text ? [body.text] : []);
}

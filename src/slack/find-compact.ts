import type { ConciseChannelsBody, ConciseUsersBody } from '../schemas/find-directory.js';
import type { ConciseFileBody, ConciseFilesBody } from '../schemas/find-files.js';
import { compactText } from './compact-text.js';

const day = (iso: string) => iso.slice(0, 10);
const kindWord = (kind: string) => (kind === 'canvases' ? 'canvas' : kind.replace(/s$/, ''));

/** Found files as compact text: one header line each (id, kind, title, author, day, link), then its preview. */
export function compactFiles(body: ConciseFilesBody): string {
  const blocks = body.files.matches.map((f) => {
    const who = f.user_name ? `@${f.user_name}` : (f.user_id ?? '');
    const head = [f.file_id, kindWord(f.kind), `"${f.title}"`, who, day(f.created), f.permalink]
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

const searchedLine = (s: { entries: number; complete: boolean } | undefined, what: string) =>
  s ? `searched: ${s.entries} ${what}${s.complete ? '' : ' (still loading)'}` : undefined;

/** Found channels as compact text: `#name=C…` with what is known of it, then its topic and purpose. */
export function compactChannels(body: ConciseChannelsBody): string {
  const blocks = body.channels.map((c) => {
    const traits = [
      c.is_private === null ? undefined : c.is_private ? 'private' : 'public',
      c.is_archived ? 'archived' : undefined,
      c.num_members === undefined ? undefined : `${c.num_members} members`,
    ].filter(Boolean);
    const head = `#${c.name}=${c.channel_id}${traits.length ? ` (${traits.join(', ')})` : ''}`;
    const about = [
      c.topic && `topic: ${c.topic}`,
      c.purpose && c.purpose !== c.topic && `purpose: ${c.purpose}`,
    ];
    return [head, ...about.filter(Boolean)].join('\n');
  });
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    `query: ${body.query}${body.backend === 'rts' ? ', backend: rts' : ''}`,
    searchedLine(body.searched, 'channels'),
  ];
  return compactText(body.summary, lines, blocks);
}

/** Found people as compact text, one line each: `@handle=U…`, names, title, time zone. */
export function compactUsers(body: ConciseUsersBody): string {
  const rows = body.users.map((u) => {
    const names = [u.real_name, u.display_name].filter(Boolean).join(' / ');
    const traits = [
      u.is_bot ? 'bot' : undefined,
      u.deleted ? 'deactivated' : undefined,
      u.tz,
      u.email,
    ].filter(Boolean);
    return `@${u.name}=${u.user_id} ${names}${u.title ? `, ${u.title}` : ''}${traits.length ? ` (${traits.join(', ')})` : ''}`;
  });
  const lines = [
    body.response_metadata ? `next_cursor: ${body.response_metadata.next_cursor}` : undefined,
    `query: ${body.query}${body.backend === 'rts' ? ', backend: rts' : ''}`,
    searchedLine(body.searched, 'people'),
  ];
  return compactText(body.summary, lines, rows.length ? [rows.join('\n')] : []);
}

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

import type { CacheStatus } from '../../cache/types.js';
import type { FileKindName } from '../../schemas/find.js';
import { buildSearchQuery } from '../../slack/build-search-query.js';
import { fileKind } from '../../slack/file-kind.js';
import { encodeFindCursor } from '../../slack/find-cursor.js';
import { mentionIds, nameMentions } from '../../slack/mentions.js';
import { isObject, objects, type SlackObject, str } from '../../slack/slack-values.js';
import { lookUpNames } from '../../slack/user-names.js';
import { RTS_PAGE_LIMIT } from '../../slack-client/rts.js';
import type { SlackAccess, SlackIdentity } from '../../slack-client/types.js';
import { answerCache } from '../common-services.js';
import { findServices, type RtsContent, rtsSearch, runFind } from '../find-backend.js';
import { rtsNext } from '../find-page.js';
import type { ServicesOf } from '../services.js';
import type { Wording } from '../wording.js';
import { conciseLegacyFile, conciseRtsFile } from './concise.js';
import type { ConciseFile, FilesBody, SearchFilesParams } from './schemas.js';

type Answer = { body: FilesBody; cache: CacheStatus };

export const filesServices = { ...findServices, answers: answerCache };
export type FilesDeps = ServicesOf<typeof filesServices>;

/** Real-time Search's files: search:read.files. */
const FILES: RtsContent = { type: 'files', scope: 'search:read.files' };

/** How to read a found file's text. */
export const readOne = (w: Wording) =>
  w.surface === 'rest'
    ? `Read one: GET ${w.path('read-file', { file_id: '{file_id}' })}.`
    : `Read one: ${w.tool('read-file')} with file_id.`;

const kindOf = (f: SlackObject, rts: boolean): FileKindName =>
  rts
    ? fileKind({ filetype: str(f.file_type) })
    : fileKind({ filetype: str(f.filetype), mimetype: str(f.mimetype), mode: str(f.mode) });

function summary(
  found: { total: number; shown: number; atLeast: boolean; filtered: number; more: boolean },
  params: SearchFilesParams,
  wording: Wording,
  note?: string,
): string {
  const { total, shown } = found;
  let s = `Found ${found.atLeast ? 'at least ' : ''}${total} ${total === 1 ? 'file' : 'files'}`;
  if (shown < total) s += `, showing ${shown}`;
  s += '.';
  const parts = [s];
  if (found.filtered)
    parts.push(`${found.filtered} of other kinds than ${params.types?.join(', ')} left out.`);
  if (note) parts.push(note);
  if (found.more) parts.push('Use next_cursor for more results.');
  if (shown > 0) parts.push(readOne(wording));
  else parts.push('Try fewer or other words, or no types.');
  return parts.join(' ');
}

/** Files and canvases the caller can see: search.files, or Real-time Search with content_types=files. */
export async function searchFiles(
  deps: FilesDeps,
  access: SlackAccess,
  params: SearchFilesParams,
  wording: Wording,
): Promise<Answer> {
  const query = buildSearchQuery({
    query: params.query,
    channelIds: params.channel_ids,
    fromUsers: params.from_users,
    after: params.after,
    before: params.before,
  });
  return runFind(deps, access, { cursor: params.cursor, wording, what: 'file' }, FILES, {
    rts: (me, cursor) => viaRts(deps, access, me, query, params, wording, cursor),
    legacy: (_me, cursor, note) =>
      viaLegacy(deps, access, query, params, wording, cursor?.kind === 'page' ? cursor.page : 1, note),
  });
}

const wanted = (params: SearchFilesParams) => (f: SlackObject, rts: boolean) =>
  !params.types?.length || params.types.includes(kindOf(f, rts));

async function namesOf(deps: FilesDeps, access: SlackAccess, ids: Array<string | undefined>) {
  return lookUpNames(
    ids.filter((id): id is string => Boolean(id)),
    async (id) => deps.slack.userName(access, id),
  );
}

async function viaLegacy(
  deps: FilesDeps,
  access: SlackAccess,
  query: string,
  params: SearchFilesParams,
  wording: Wording,
  page: number,
  note?: string,
): Promise<Answer> {
  const { answers, slack } = deps;
  const key = answers.key('search.files', slack.identityOf(access), { params, page, note: Boolean(note) });
  const cachedAnswer = await answers.get<FilesBody>(key);
  if (cachedAnswer) return { body: cachedAnswer, cache: 'HIT' };
  const args = { query, count: params.count, page, highlight: false };
  const fetched = await slack.cached(access, 'search.files', args, 'search');
  const files = isObject(fetched.value.files) ? fetched.value.files : {};
  const all = objects(files.matches);
  const keep = all.filter((f) => wanted(params)(f, false));
  const paging = isObject(files.paging) ? files.paging : {};
  const pages = Number(paging.pages ?? 1);
  const total = Number(files.total ?? paging.total ?? all.length);
  const more = page < Math.min(pages, 100);
  const next = more
    ? { response_metadata: { next_cursor: encodeFindCursor({ kind: 'page', page: page + 1 }) } }
    : {};
  const found = { total, shown: keep.length, atLeast: false, filtered: all.length - keep.length, more };
  const s = summary(found, params, wording, note);
  let body: FilesBody;
  if (params.response_format === 'detailed') {
    body = {
      ...fetched.value,
      files: { ...files, matches: keep },
      backend: 'legacy',
      summary: s,
      ok: true,
      ...next,
    };
  } else {
    const names = await namesOf(
      deps,
      access,
      keep.map((f) => str(f.user)),
    );
    const matches: ConciseFile[] = keep.map((f) => conciseLegacyFile(f, names, params.max_text_chars));
    body = { ok: true, query, backend: 'legacy', files: { total, matches }, summary: s, ...next };
  }
  await answers.set(key, body, [fetched]);
  return { body, cache: fetched.status };
}

async function viaRts(
  deps: FilesDeps,
  access: SlackAccess,
  me: SlackIdentity,
  query: string,
  params: SearchFilesParams,
  wording: Wording,
  cursor: { cursor: string; seen: number } | undefined,
): Promise<Answer> {
  const limit = Math.min(RTS_PAGE_LIMIT, params.count);
  const found = await rtsSearch(deps, access, me, FILES, {
    query,
    limit,
    ...(cursor ? { cursor: cursor.cursor } : {}),
  });
  const all = objects(isObject(found.results) ? found.results.files : undefined);
  const keep = all.filter((f) => wanted(params)(f, true));
  const slackNext = found.response_metadata?.next_cursor || undefined;
  const seen = (cursor?.seen ?? 0) + keep.length;
  const next = rtsNext(slackNext, seen);
  const s = summary(
    {
      total: seen,
      shown: keep.length,
      atLeast: slackNext !== undefined,
      filtered: all.length - keep.length,
      more: Boolean(slackNext),
    },
    params,
    wording,
  );
  if (params.response_format === 'detailed') {
    const results = { ...(isObject(found.results) ? found.results : {}), files: keep };
    return { body: { ...found, results, ok: true, backend: 'rts', summary: s, ...next }, cache: 'MISS' };
  }
  // Slack's preview keeps mentions as <@U…> and <#C…>: named like every other text.
  const mentioned = keep.map((f) => mentionIds(str(f.content) ?? ''));
  const authors = keep.map((f) => str(f.author_user_id) ?? str(f.uploader_user_id));
  const [names, channels] = await Promise.all([
    namesOf(deps, access, [...authors, ...mentioned.flatMap((m) => m.users)]),
    lookUpNames(
      mentioned.flatMap((m) => m.channels),
      (id) => deps.slack.channelName(access, id),
    ),
  ]);
  const named = (f: SlackObject) => ({
    ...f,
    content: nameMentions(str(f.content) ?? '', { users: names, channels }),
  });
  const matches = keep.map((f) => conciseRtsFile(named(f), names, params.max_text_chars));
  return {
    body: { ok: true, query, backend: 'rts', files: { total: seen, matches }, summary: s, ...next },
    cache: 'MISS',
  };
}

import { recountFound } from '../../slack/summary.js';
import type { ConversationKind } from '../consent-scopes.js';
import { redact } from '../redact.js';
import type { Bounds, Refusal } from './bounds.js';
import { type Place, placeOf, sharesOf } from './places.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What an answer lists that lives in conversations: message matches, files, or channels. */
export type ListShape = 'messages' | 'files' | 'channels';

/** Lookups of what an item does not say, through the caller's cached Slack client. */
export interface Lookups {
  kind: (id: string) => Promise<ConversationKind | undefined>;
  name: (id: string) => Promise<string | undefined>;
  /** The conversations a file is shared in; undefined when Slack did not say. */
  shares: (fileId: string) => Promise<string[] | undefined>;
}

/** What governing an answer did: items removed (by whom) and texts redacted per pattern name. */
export interface Governed {
  body: Obj;
  removed: { policy: number; consent: number; scopes: string[] };
  redacted: Record<string, number>;
}

/** Where each shape's lists are: concise and search.messages bodies, and Real-time Search's `results`. */
const PATHS: Record<ListShape, Array<[string] | [string, string]>> = {
  messages: [
    ['messages', 'matches'],
    ['results', 'messages'],
  ],
  files: [
    ['files', 'matches'],
    ['results', 'files'],
  ],
  channels: [['channels'], ['results', 'channels']],
};
const NOUN: Record<ListShape, string> = { messages: 'message', files: 'file', channels: 'channel' };

/** A place completed by lookups where the bounds need what the item does not say; then its refusal. */
async function refusalOf(place: Place, bounds: Bounds, lookups: Lookups): Promise<Refusal | undefined> {
  const first = bounds.refusal(place);
  if (first?.by === 'policy' || place.id === undefined) return first;
  const lookKind = place.kind === undefined && (bounds.needsPrivacy || bounds.kinds.size < 4);
  const lookName =
    place.name === undefined && place.kind !== 'im' && place.kind !== 'mpim' && bounds.needsName;
  if (!lookKind && !lookName) return first;
  const [kind, name] = await Promise.all([
    lookKind ? lookups.kind(place.id) : place.kind,
    lookName ? lookups.name(place.id) : place.name,
  ]);
  // A conversation whose kind Slack would not say counts as the least open it could be.
  return bounds.refusal({ id: place.id, name, kind: kind ?? (place.channel ? 'private' : 'im') });
}

async function fileRefusal(file: Obj, bounds: Bounds, lookups: Lookups): Promise<Refusal | undefined> {
  const id =
    typeof file.file_id === 'string' ? file.file_id : typeof file.id === 'string' ? file.id : undefined;
  const shares = sharesOf(file) ?? (id ? await lookups.shares(id) : undefined);
  if (shares === undefined) return { by: 'policy', reason: 'channel' };
  return shareRefusal(shares, bounds, lookups);
}

/** A file is out of bounds when every conversation it is shared in is (one it is shared nowhere is its owner's). */
export async function shareRefusal(
  shares: readonly string[],
  bounds: Bounds,
  lookups: Lookups,
): Promise<Refusal | undefined> {
  if (shares.length === 0) return undefined;
  const refusals = await Promise.all(
    shares.map((id) => refusalOf({ id, kind: id.startsWith('D') ? 'im' : undefined }, bounds, lookups)),
  );
  if (refusals.some((r) => r === undefined)) return undefined;
  return refusals.find((r) => r?.by === 'consent') ?? refusals[0];
}

function setIn(body: Obj, path: [string] | [string, string], list: unknown[], removed: number): Obj {
  if (path.length === 1) return { ...body, [path[0]]: list };
  const outer = body[path[0]] as Obj;
  const next: Obj = { ...outer, [path[1]]: list };
  if (typeof next.total === 'number') next.total = Math.max(list.length, next.total - removed);
  if (isObj(next.paging) && typeof next.paging.total === 'number')
    next.paging = { ...next.paging, total: Math.max(list.length, next.paging.total - removed) };
  if (isObj(next.pagination) && typeof next.pagination.total_count === 'number')
    next.pagination = {
      ...next.pagination,
      total_count: Math.max(list.length, next.pagination.total_count - removed),
    };
  return { ...body, [path[0]]: next };
}

/** Removes what the bounds leave out from the answer's lists, counting by whom, and says so in the summary. */
async function withinBounds(body: Obj, shape: ListShape, bounds: Bounds, lookups: Lookups) {
  const removed = { policy: 0, consent: 0, scopes: [] as string[] };
  let out = body;
  for (const path of PATHS[shape]) {
    const outer = body[path[0]];
    const list = path.length === 1 ? outer : isObj(outer) ? outer[path[1]] : undefined;
    if (!Array.isArray(list)) continue;
    const verdicts = await Promise.all(
      list.map((item) =>
        !isObj(item)
          ? undefined
          : shape === 'files'
            ? fileRefusal(item, bounds, lookups)
            : refusalOf(placeOf(item, shape), bounds, lookups),
      ),
    );
    const kept = list.filter((_, i) => verdicts[i] === undefined);
    if (kept.length === list.length) continue;
    for (const verdict of verdicts) {
      if (verdict?.by === 'policy') removed.policy++;
      else if (verdict?.by === 'consent') {
        removed.consent++;
        if (!removed.scopes.includes(verdict.scope)) removed.scopes.push(verdict.scope);
      }
    }
    out = setIn(out, path, kept, list.length - kept.length);
  }
  const all = removed.policy + removed.consent;
  if (all > 0 && typeof out.summary === 'string')
    out = { ...out, summary: `${recountFound(out.summary, all)} ${withheldNote(removed, NOUN[shape])}` };
  return { body: out, removed };
}

const several = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The summary's sentence on what was withheld and why, so that a model knows the list is not all there is. */
export function withheldNote(removed: Governed['removed'], noun: string): string {
  const parts: string[] = [];
  if (removed.policy)
    parts.push(
      `${several(removed.policy, noun)} in conversations the company's policy keeps from agents ${removed.policy === 1 ? 'was' : 'were'} withheld.`,
    );
  if (removed.consent)
    parts.push(
      `${several(removed.consent, noun)} in conversations this client may not read ${removed.consent === 1 ? 'was' : 'were'} withheld (the person can grant ${removed.scopes.join(' ')}).`,
    );
  return parts.join(' ');
}

/** Every string of a value with secrets and company terms redacted; the same object when nothing was. */
export function redactDeep(value: unknown, bounds: Bounds, counts: Record<string, number>): unknown {
  if (typeof value === 'string') {
    const done = redact(value, bounds.terms);
    for (const [name, n] of Object.entries(done.counts)) counts[name] = (counts[name] ?? 0) + n;
    return done.text;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = redactDeep(item, bounds, counts);
      if (next === item) return;
      copy ??= [...value];
      copy[i] = next;
    });
    return copy ?? value;
  }
  if (!isObj(value)) return value;
  let copy: Obj | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = redactDeep(item, bounds, counts);
    if (next === item) continue;
    copy ??= { ...value };
    copy[key] = next;
  }
  return copy ?? value;
}

/** The answer as the caller may have it: out-of-bounds items removed, then every text redacted. */
export async function governAnswer(
  body: Obj,
  shape: ListShape | undefined,
  bounds: Bounds,
  lookups: Lookups,
): Promise<Governed> {
  const within =
    shape && bounds.filters
      ? await withinBounds(body, shape, bounds, lookups)
      : { body, removed: { policy: 0, consent: 0, scopes: [] } };
  const redacted: Record<string, number> = {};
  const out = bounds.redacts ? (redactDeep(within.body, bounds, redacted) as Obj) : within.body;
  return { body: out, removed: within.removed, redacted };
}

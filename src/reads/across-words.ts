import { Errors } from '../errors.js';
import type { Workspace } from '../slack-client/types.js';
import type { AcrossPage, SearchSource } from './across-workspaces.js';
import type { Wording } from './wording.js';

const listed = (names: string[]) =>
  names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Why a source gave nothing: a 4xx says it (it names no secret); a 5xx only what kind of trouble. */
function reasonOf(error: unknown): string {
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e.code === 'AS_ERR_DEADLINE') return "no answer within the request's deadline";
  if (e.statusCode !== undefined && e.statusCode < 500 && e.message) return e.message.replace(/\.$/, '');
  return 'Slack is unavailable';
}

const sourceName = (s: SearchSource) => listed(s.workspaces.map((w) => w.name));

/**
 * The summary's sentences of a search across workspaces: which were searched, which failed and why, and
 * when the cursor could not hold them all.
 */
export function acrossNotes<T>(
  workspaces: Workspace[],
  found: AcrossPage<T>,
  [one, many]: [string, string],
): string[] {
  const notes = [
    `Searched ${workspaces.length} workspaces (${listed(workspaces.map((w) => w.name))}): totals are their sum, and each ${one} names its workspace.`,
  ];
  for (const f of found.failed)
    notes.push(
      `${sourceName(f.source)} did not answer (${reasonOf(f.error)}): its ${many} are missing here${found.nextCursor ? '; next_cursor asks it again' : ''}.`,
    );
  if (found.cursorTooLong)
    notes.push(
      `The cursor for more would be too long for ${workspaces.length} workspaces: search one workspace at a time for the rest.`,
    );
  return notes;
}

/** With one workspace a cursor of a search across several is not one it can resume. */
export function notAcrossCursor(wording: Wording): never {
  throw new Errors.BadRequest(
    `${wording.param('cursor')} was issued by a search across several workspaces: this caller now reads one; search again without it`,
  );
}

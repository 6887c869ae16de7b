import { homeTeam } from './user-shape.js';
import { canSee, type WorkspaceIndex } from './workspace-index.js';
import type { WorkspaceFile } from './workspace-types.js';

const PREVIEW_LINES = 5;

/** The path the fake serves a file's bytes at (Slack's `files-pri/<team>-<file>/download/<name>`). */
export const downloadPath = (teamId: string, file: WorkspaceFile) =>
  `/files-pri/${teamId}-${file.id}/download/${encodeURIComponent(file.name)}`;

export const fileBytes = (file: WorkspaceFile): number =>
  file.content === undefined ? (file.size ?? 0) : Buffer.byteLength(file.content);

/** Snippets, CSV and text show their first lines as `preview`, as Slack's file objects do. */
function preview(file: WorkspaceFile) {
  if (file.content === undefined || file.mode === 'quip' || !/^text\//.test(file.mimetype)) return {};
  const lines = file.content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return {
    preview: lines.slice(0, PREVIEW_LINES).join('\n'),
    lines: lines.length,
    lines_more: Math.max(0, lines.length - PREVIEW_LINES),
    preview_is_truncated: lines.length > PREVIEW_LINES,
  };
}

/** Where it was shared, split as Slack splits them, only the conversations the viewer may see. */
function sharedIn(file: WorkspaceFile, index: WorkspaceIndex, viewerId: string) {
  const visible = file.channels
    .map((id) => index.channels.get(id))
    .filter((c) => c !== undefined && canSee(c, viewerId));
  return {
    channels: visible.filter((c) => c?.kind === 'public').map((c) => c?.id),
    groups: visible.filter((c) => c?.kind === 'private' || c?.kind === 'mpim').map((c) => c?.id),
    ims: visible.filter((c) => c?.kind === 'im').map((c) => c?.id),
  };
}

/** A file object as files.info and search.files send it; download URLs on `origin` unless the file says otherwise. */
export function fileShape(file: WorkspaceFile, index: WorkspaceIndex, viewerId: string, origin: string) {
  // In an organisation-wide view, the workspace of the conversation it was shared in.
  const team = file.channels[0] ? index.teamOf(file.channels[0]) : index.team;
  const key = `${team.id}-${file.id}`;
  const owner = index.users.get(file.user);
  const canvas = file.mode === 'quip';
  return {
    id: file.id,
    created: file.created,
    timestamp: file.created,
    name: file.name,
    title: file.title,
    mimetype: file.mimetype,
    filetype: file.filetype,
    pretty_type: file.prettyType,
    user: file.user,
    user_team: owner ? homeTeam(owner, team.id) : team.id,
    editable: canvas || file.mode === 'snippet',
    size: fileBytes(file),
    mode: file.mode,
    is_external: false,
    external_type: '',
    is_public: file.channels.some((id) => index.channels.get(id)?.kind === 'public'),
    public_url_shared: false,
    display_as_bot: false,
    username: '',
    url_private: `${origin}/files-pri/${key}/${encodeURIComponent(file.name)}`,
    url_private_download: file.downloadUrl ?? `${origin}${downloadPath(team.id, file)}`,
    permalink: `https://${team.domain}.slack.com/${canvas ? 'docs' : 'files'}/${canvas ? team.id : file.user}/${file.id}${canvas ? '' : `/${file.name}`}`,
    permalink_public: `https://slack-files.com/${key}-4b8e2d1c0a`,
    ...(canvas
      ? { is_channel_space: false, quip_thread_id: `${file.id.slice(1)}QT`, last_editor: file.user }
      : {}),
    ...(file.updated ? { updated: file.updated } : {}),
    ...preview(file),
    ...sharedIn(file, index, viewerId),
    comments_count: 0,
    is_starred: false,
    has_rich_preview: false,
    file_access: 'visible',
  };
}

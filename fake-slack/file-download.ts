import type { IncomingMessage, ServerResponse } from 'node:http';
import { downloadPath } from './file-shape.js';
import { canSeeFile, indexWorkspace } from './workspace-index.js';
import type { Workspace, WorkspaceToken } from './workspace-types.js';

const DOWNLOAD = /^\/files-pri\/([A-Z0-9]+)-([A-Z0-9]+)\/download\/[^/]+$/;

/**
 * Serves `url_private_download` (`GET /files-pri/<team>-<file>/download/<name>`): the bearer token of a user
 * who may see the file, else 403 (Slack itself sends its sign-in page); unknown files 404. Returns false
 * for any other path.
 */
export function serveDownload(
  req: IncomingMessage,
  res: ServerResponse,
  workspaceOf: (teamId: string) => Workspace | undefined,
  tokenOf: (token: string, teamId: string) => WorkspaceToken | undefined,
): boolean {
  const url = new URL(req.url ?? '/', 'http://fake-slack.invalid');
  const match = DOWNLOAD.exec(url.pathname);
  if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const workspace = workspaceOf(match[1] ?? '');
  const index = workspace ? indexWorkspace(workspace) : undefined;
  const file = index?.files.get(match[2] ?? '');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const found = bearer ? tokenOf(bearer, match[1] ?? '') : undefined;
  const token = (found?.status ?? 'active') === 'active' ? found : undefined;
  const text = (status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  if (!file || !index || url.pathname !== downloadPath(index.team.id, file)) {
    text(404, 'file not found\n');
  } else if (!token || !canSeeFile(file, index, token.userId)) {
    text(403, 'sign in to download this file\n');
  } else if (file.redirectTo) {
    res.writeHead(302, { location: file.redirectTo }).end();
  } else {
    const body = file.content === undefined ? Buffer.alloc(file.size ?? 0) : Buffer.from(file.content);
    res.writeHead(200, {
      'content-type': file.mode === 'quip' ? 'text/html; charset=utf-8' : file.mimetype,
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  return true;
}

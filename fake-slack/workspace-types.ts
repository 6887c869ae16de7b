export type ChannelKind = 'public' | 'private' | 'im' | 'mpim';

export type TokenStatus = 'active' | 'revoked' | 'inactive';

export interface WorkspaceTeam {
  id: string;
  name: string;
  /** Subdomain: permalinks and auth.test use `https://<domain>.slack.com/`. */
  domain: string;
  /** The plan includes Slack AI Search: assistant.search.context answers questions by meaning. @default false */
  aiSearch?: boolean;
}

export interface WorkspaceUser {
  id: string;
  /** The handle, matched by `from:@name`. */
  name: string;
  realName: string;
  displayName?: string;
  title?: string;
  tz?: string;
  isBot?: boolean;
  botId?: string;
  isAdmin?: boolean;
  deleted?: boolean;
  /** A guest (`is_restricted`). */
  isRestricted?: boolean;
}

export interface WorkspaceChannel {
  id: string;
  kind: ChannelKind;
  /** Required for public/private channels; IMs have none and MPIMs default to `mpdm-a--b-1`. */
  name?: string;
  /** Visibility of private channels, IMs and MPIMs follows membership. */
  members: string[];
  /** Unix seconds. */
  created: number;
  creator?: string;
  topic?: string;
  purpose?: string;
  /** Archived channels are listed by conversations.list unless `exclude_archived`. @default false */
  archived?: boolean;
}

/** A file or canvas in the workspace: what files.info, search.files and the download URL serve. */
export interface WorkspaceFile {
  id: string;
  name: string;
  title: string;
  user: string;
  /** Unix seconds. */
  created: number;
  updated?: number;
  filetype: string;
  mimetype: string;
  prettyType: string;
  /** `hosted` uploads, `snippet`s, `quip` for canvases. */
  mode: 'hosted' | 'snippet' | 'quip';
  /** Conversations it was shared in: who may see it follows them (its owner always may). */
  channels: string[];
  /** The bytes a download returns (a canvas's HTML, a snippet's text); absent for binary files. */
  content?: string;
  /** Bytes of a binary file without `content`. */
  size?: number;
  /** Where url_private_download points instead of the fake's own file host (a file hosted elsewhere). */
  downloadUrl?: string;
  /** The download answers 302 to this URL instead of the bytes. */
  redirectTo?: string;
}

export interface WorkspaceReaction {
  name: string;
  users: string[];
  count: number;
}

export interface WorkspaceMessage {
  channel: string;
  /** `"1772445600.000100"`; unique within a channel. */
  ts: string;
  user: string;
  text: string;
  /** Set on thread replies only: the parent's ts. */
  threadTs?: string;
  attachments?: Record<string, unknown>[];
  files?: Record<string, unknown>[];
  reactions?: WorkspaceReaction[];
}

export interface WorkspaceToken {
  token: string;
  type: 'user' | 'bot';
  /** The user the token acts as (for bot tokens, the bot user). */
  userId: string;
  scopes: string[];
  /** @default 'active' */
  status?: TokenStatus;
  /** A guest's token: users.list shows only these people (and the guest). */
  visibleUsers?: string[];
  /** With token rotation: epoch ms after which every method answers token_expired. */
  expiresAt?: number;
}

/** A user group (`@handle`): what usergroups.list and usergroups.users.list serve. */
export interface WorkspaceUsergroup {
  id: string;
  handle: string;
  name: string;
  description: string;
  users: string[];
  /** Default channels (`prefs.channels`). */
  channels?: string[];
  createdBy: string;
  /** Unix seconds. */
  created: number;
  /** When it was disabled (Unix seconds): listed only with `include_disabled`. */
  disabled?: number;
}

export interface Workspace {
  team: WorkspaceTeam;
  users: WorkspaceUser[];
  channels: WorkspaceChannel[];
  messages: WorkspaceMessage[];
  tokens: WorkspaceToken[];
  /** Files and canvases (files.info, search.files, downloads). @default [] */
  files?: WorkspaceFile[];
  /** User groups (usergroups.list, usergroups.users.list). @default [] */
  usergroups?: WorkspaceUsergroup[];
}

export type ChannelKind = 'public' | 'private' | 'im' | 'mpim';

export type TokenStatus = 'active' | 'revoked' | 'inactive';

export interface WorkspaceTeam {
  id: string;
  name: string;
  /** Subdomain: permalinks and auth.test use `https://<domain>.slack.com/`. */
  domain: string;
  /** The plan includes Slack AI Search: assistant.search.context answers questions by meaning. @default false */
  aiSearch?: boolean;
  /** The Enterprise Grid organisation (`E…`) the workspace belongs to, and its name. */
  enterpriseId?: string;
  enterpriseName?: string;
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
  /** In an organisation: the workspaces the person belongs to (`enterprise_user.teams`); the first is home. */
  teams?: string[];
  /** A person of another organisation (Slack Connect): their own workspace, as their `team_id`. */
  teamId?: string;
  /** @default `<name>@<domain>.example.com` */
  email?: string;
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
  /** In an organisation: the workspaces it is in, host first (more than one: shared within the org). */
  teams?: string[];
  /** Slack Connect: the other organisations' workspaces it is shared with (`connected_team_ids`). */
  externalTeams?: string[];
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
  /** In an organisation: the workspace a workspace token belongs to. */
  teamId?: string;
  /** In an organisation: an org-wide token (`is_enterprise_install`), reading every workspace it is granted. */
  orgWide?: boolean;
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
  /** In an organisation: the workspace the group belongs to. */
  teamId?: string;
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
  /** People who are not members but whom users.info answers (other workspaces of its organisation). */
  otherUsers?: WorkspaceUser[];
  /** An organisation-wide view: the workspace each conversation is read in (else `team`). */
  channelTeams?: ReadonlyMap<string, WorkspaceTeam>;
}

/**
 * An Enterprise Grid organisation: its workspaces and everything in them, once (ids are org-wide); each
 * person, channel, group and workspace token says which workspaces it belongs to.
 */
export interface Organisation {
  enterprise: { id: string; name: string; domain: string };
  teams: WorkspaceTeam[];
  /** The workspaces the org-wide app is approved in (auth.teams.list). @default every team */
  approved?: string[];
  /**
   * What an org token's auth.test says in `team_id` (Slack's docs leave it unsettled): the enterprise id,
   * null, or nothing. @default 'enterprise'
   */
  orgTokenTeamId?: 'enterprise' | 'null' | 'absent';
  /**
   * auth.teams.list with a person's org token: every approved workspace (`true`), or only those the person
   * belongs to (Slack's docs do not say). @default false
   */
  teamsListAll?: boolean;
  users: WorkspaceUser[];
  channels: WorkspaceChannel[];
  messages: WorkspaceMessage[];
  files?: WorkspaceFile[];
  usergroups?: WorkspaceUsergroup[];
  tokens: WorkspaceToken[];
}

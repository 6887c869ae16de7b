import { RTS_SCOPES } from './demo/tokens.js';
import type { Workspace, WorkspaceChannel, WorkspaceUser } from './workspace-types.js';

/** The user token of a big workspace: every user scope, acting as `person0`. */
export const BIG_USER_TOKEN = 'xoxp-big-user';
/** The same person without `search:read` or the Real-time Search scopes (directories only). */
export const BIG_NOSEARCH_TOKEN = 'xoxp-big-nosearch';

const FIRST = ['Ada', 'Ben', 'Chiara', 'Dmitri', 'Esi', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonah', 'Kemi'];
const LAST = ['Abe', 'Brandt', 'Castro', 'Dube', 'Engel', 'Fofana', 'Gupta', 'Haas', 'Ito', 'Juarez'];
const TITLES = ['Engineer', 'Designer', 'Account Executive', 'Analyst', 'Recruiter', 'Support Lead', ''];
const TOPICS = ['Weekly sync notes', 'Customer escalations', 'Hiring pipeline', 'Launch planning', ''];

const READ_SCOPES = ['channels:read', 'groups:read', 'users:read', 'channels:history', 'groups:history'];

export interface BigWorkspaceOptions {
  /** People in users.list, `person0` … (the token's user is `person0`). */
  people: number;
  /** Public channels, `channel-0` …; every 10th is private (the token's user is in every 100th of those). */
  channels: number;
}

/** The id of the `i`th person or channel: sortable, unique, Slack-shaped. */
const idOf = (prefix: string, i: number) => `${prefix}0${i.toString(36).toUpperCase().padStart(8, '0')}`;
export const bigUserId = (i: number) => idOf('U', i);
export const bigChannelId = (i: number) => idOf('C', i);

function person(i: number): WorkspaceUser {
  return {
    id: bigUserId(i),
    name: `person${i}`,
    realName: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    title: TITLES[i % TITLES.length],
    tz: 'Europe/London',
  };
}

function channel(i: number): WorkspaceChannel {
  const isPrivate = i % 10 === 9;
  return {
    id: bigChannelId(i),
    kind: isPrivate ? 'private' : 'public',
    name: `channel-${i}`,
    // Only who matters for visibility: the token's user in every public channel's list and some private ones.
    members: isPrivate && i % 100 !== 99 ? [bigUserId(1)] : [bigUserId(0)],
    created: 1_700_000_000 + i,
    topic: TOPICS[i % TOPICS.length],
  };
}

/**
 * A large workspace for directory tests and benches (issue 36): `people` people and `channels` channels,
 * deterministic, with one message in each of the last two channels (so a search `in:#channel-<n>` finds
 * them; every other channel is empty).
 */
export function createBigWorkspace({ people, channels }: BigWorkspaceOptions): Workspace {
  const message = (i: number) => ({
    channel: bigChannelId(i),
    ts: `177244560${i % 10}.000100`,
    user: bigUserId(0),
    text: `said in channel-${i}`,
  });
  return {
    team: { id: 'T0BIGCORP', name: 'Big Corp', domain: 'big-corp' },
    users: Array.from({ length: people }, (_, i) => person(i)),
    channels: Array.from({ length: channels }, (_, i) => channel(i)),
    messages: channels > 1 ? [message(channels - 2), message(channels - 1)] : [],
    tokens: [
      {
        token: BIG_USER_TOKEN,
        type: 'user',
        userId: bigUserId(0),
        scopes: ['search:read', ...RTS_SCOPES, ...READ_SCOPES],
      },
      { token: BIG_NOSEARCH_TOKEN, type: 'user', userId: bigUserId(0), scopes: [...READ_SCOPES] },
    ],
  };
}

import type { CacheStatus } from '../cache/types.js';
import type {
  ConciseChannelsBody,
  ConciseUsersBody,
  SearchChannelsParams,
  SearchUsersParams,
} from '../schemas/find-directory.js';
import type {
  ConciseFileBody,
  ConciseFilesBody,
  ReadFileParams,
  SearchFilesParams,
} from '../schemas/find-files.js';
import { compactChannels, compactFile, compactFiles, compactUsers } from '../slack/find-compact.js';
import { FIND_WORDING, type FindWording } from '../slack/find-wording.js';
import type { Surface } from '../slack/wording.js';
import type { SlackAccess } from '../slack-client/types.js';
import type { FindDeps } from './find-deps.js';
import { readFile } from './read-file.js';
import { renderOnce } from './render-once.js';
import { searchChannels } from './search-channels.js';
import { searchFiles } from './search-files.js';
import { searchUsers } from './search-users.js';

type Read<P, B> = (
  deps: FindDeps,
  access: SlackAccess,
  params: P,
  wording: FindWording,
) => Promise<{ body: B; cache: CacheStatus }>;

/** A find read that also answers response_format=compact: its concise answer rendered as text. */
function compactable<P extends { response_format: string }, B extends object, C extends object>(
  deps: FindDeps,
  read: Read<P, B>,
  render: (concise: C) => string,
) {
  return async (access: SlackAccess, params: P, surface: Surface) => {
    const wording = FIND_WORDING[surface];
    if (params.response_format !== 'compact') return read(deps, access, params, wording);
    const answer = await read(deps, access, { ...params, response_format: 'concise' }, wording);
    return { ...answer, text: renderOnce(answer.body as unknown as C, render) };
  };
}

/** Files, channels and people: the four find reads every front end calls. */
export function createFind(deps: FindDeps) {
  return {
    searchFiles: compactable<SearchFilesParams, object, ConciseFilesBody>(deps, searchFiles, compactFiles),
    searchChannels: compactable<SearchChannelsParams, object, ConciseChannelsBody>(
      deps,
      searchChannels,
      compactChannels,
    ),
    searchUsers: compactable<SearchUsersParams, object, ConciseUsersBody>(deps, searchUsers, compactUsers),
    readFile: compactable<ReadFileParams, object, ConciseFileBody>(deps, readFile, compactFile),
    /** Directory loads under way (tests wait for them). */
    settled: () => deps.directories.settled(),
  };
}

export type Find = ReturnType<typeof createFind>;

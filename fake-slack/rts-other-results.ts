import { plainText, searchFiles } from './file-search.js';
import type { MethodContext } from './methods/method-context.js';
import { isTrue } from './methods/method-context.js';
import type { SearchQuery } from './search-query.js';
import { scoreText, textMatches } from './search-text.js';
import { homeTeam } from './user-shape.js';
import { canSee, channelName } from './workspace-index.js';
import type { ChannelKind, WorkspaceUser } from './workspace-types.js';

type Hit = { result: Record<string, unknown>; score: number; at: number };

const nameOf = (ctx: MethodContext, id: string | undefined) => {
  const user = id ? ctx.index.users.get(id) : undefined;
  return user ? (user.displayName ?? user.realName) : '';
};

/** `content_types=files`: Slack's file result (no download URL: files.info gives that). */
export function rtsFiles(ctx: MethodContext, query: SearchQuery): Hit[] {
  return searchFiles(query, { index: ctx.index, viewerId: ctx.token.userId }).map(({ file, score }) => {
    // In an organisation-wide view, the workspace of the conversation the file was shared in.
    const team = file.channels[0] ? ctx.index.teamOf(file.channels[0]) : ctx.index.team;
    return {
      score,
      at: file.created,
      result: {
        uploader_user_id: file.user,
        author_user_id: file.user,
        author_name: nameOf(ctx, file.user),
        team_id: team.id,
        file_id: file.id,
        date_created: file.created,
        date_updated: file.updated ?? file.created,
        title: file.title,
        file_type: file.filetype,
        permalink: `https://${team.domain}.slack.com/${file.mode === 'quip' ? `docs/${team.id}` : `files/${file.user}`}/${file.id}`,
        content: plainText(file.content ?? '').slice(0, 300),
      },
    };
  });
}

/** `content_types=channels`: channels of the asked channel types the user may see, by name, topic and purpose. */
export function rtsChannels(
  ctx: MethodContext,
  query: SearchQuery,
  kinds: Set<ChannelKind | undefined>,
): Hit[] {
  const archived = isTrue(ctx.params.include_archived_channels);
  return [...ctx.index.channels.values()]
    .filter((c) => (c.kind === 'public' || c.kind === 'private') && kinds.has(c.kind))
    .filter((c) => canSee(c, ctx.token.userId) && (archived || !c.archived))
    .map((c) => ({
      c,
      text: `${channelName(c, ctx.index)}\n${c.topic ?? ''}\n${c.purpose ?? ''}`.toLowerCase(),
    }))
    .filter(({ text }) => textMatches(query, text.replace(/[-_]/g, ' ')) || textMatches(query, text))
    .map(({ c, text }) => ({
      score: scoreText(query, text),
      at: c.created,
      result: {
        team_id: ctx.index.teamOf(c.id).id,
        creator_user_id: c.creator ?? '',
        creator_name: nameOf(ctx, c.creator),
        date_created: c.created,
        date_updated: c.created,
        name: channelName(c, ctx.index),
        topic: c.topic ?? '',
        purpose: c.purpose ?? '',
        permalink: `https://${ctx.index.teamOf(c.id).domain}.slack.com/archives/${c.id}`,
      },
    }));
}

/** `content_types=users`: people by handle, names and title; deleted users and bots only when asked. */
export function rtsUsers(ctx: MethodContext, query: SearchQuery): Hit[] {
  const { team } = ctx.index;
  const teamOf = (u: WorkspaceUser) => homeTeam(u, team.id);
  return [...ctx.index.users.values()]
    .filter(
      (u) =>
        (isTrue(ctx.params.include_deleted_users) || !u.deleted) &&
        (isTrue(ctx.params.include_bots) || !u.isBot),
    )
    .map((u) => ({
      u,
      text: [u.name, u.realName, u.displayName ?? '', u.title ?? ''].join('\n').toLowerCase(),
    }))
    .filter(({ text }) => textMatches(query, text))
    .map(({ u, text }) => ({
      score: scoreText(query, text),
      at: 0,
      result: {
        team_id: teamOf(u),
        user_id: u.id,
        name: u.name,
        real_name: u.realName,
        permalink: `https://${team.domain}.slack.com/team/${u.id}`,
        content: [u.displayName ?? u.realName, u.title].filter(Boolean).join(', '),
      },
    }));
}

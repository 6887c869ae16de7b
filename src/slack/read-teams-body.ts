import { filled, isObject, objects, type SlackObject } from './slack-values.js';

/** One workspace of an organisation, as auth.teams.list names it. */
export interface TeamEntry {
  id: string;
  name: string;
}

/** auth.teams.list read defensively: the workspaces with an id (a name defaults to it), and the next cursor. */
export function readTeamsBody(body: SlackObject): { teams: TeamEntry[]; nextCursor?: string } {
  const teams = objects(body.teams).flatMap((team) => {
    const id = filled(team.id);
    return id ? [{ id, name: filled(team.name) ?? id }] : [];
  });
  const nextCursor = isObject(body.response_metadata)
    ? filled(body.response_metadata.next_cursor)
    : undefined;
  return { teams, ...(nextCursor ? { nextCursor } : {}) };
}

/** Who may read the audit, as the request's authentication found them. */
export interface AuditReader {
  /** A signed-in person. */
  person?: { teamId: string; userId: string };
  /** An API token (a signed-in person has one too, made for their grant: it is not asked). */
  token?: { name: string; access: ReadonlySet<string> };
}

/** ADMIN_PEOPLE as a set of `team:user` ids. */
export const adminPeople = (setting: string | undefined): ReadonlySet<string> =>
  new Set(
    (setting ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );

/**
 * Why `reader` may not read the audit, in words for the 403; undefined when they may: an API token whose
 * access includes `admin`, or a signed-in person named in ADMIN_PEOPLE. Nobody else, not even for their
 * own records.
 */
export function adminRefusal(reader: AuditReader, admins: ReadonlySet<string>): string | undefined {
  const { person, token } = reader;
  if (person) {
    const id = `${person.teamId}:${person.userId}`;
    return admins.has(id) ? undefined : `you are signed in as ${id}, who is not named in ADMIN_PEOPLE`;
  }
  if (token)
    return token.access.has('admin')
      ? undefined
      : `the API token ${JSON.stringify(token.name)} has no admin access area (API_TOKENS_FILE "access")`;
  return 'no signed-in person and no API token';
}

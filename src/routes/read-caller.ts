import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditClient, personWho, tokenWho } from '../governance/audit/interned.js';
import type { AuditClient, AuditWho } from '../governance/audit/record.js';
import type { ReadCaller } from '../reads/caller.js';
import { personAccesses } from '../sign-in/person-access.js';
import type { SignedInPerson } from '../sign-in/sign-in.js';

/** Names a client gave itself, as a record keeps them. */
const CLIENT_NAME_CHARS = 200;

const UNKNOWN: AuditWho = { kind: 'token', id: 'unknown' };

/** Who an authenticated request is: the signed-in person, else the API token by its name. */
function whoOf(request: FastifyRequest): AuditWho {
  const { person, apiClient } = request;
  if (person) return personWho(person.teamId, person.userId);
  if (!apiClient) return UNKNOWN;
  return tokenWho(apiClient.name);
}

/** The front end, and for a signed-in person the OAuth client their grant was made to. */
function clientOf(request: FastifyRequest, via: 'rest' | 'mcp'): AuditClient {
  const grant = request.person?.grant;
  if (!grant) return auditClient(via);
  return auditClient(via, grant.clientId, grant.clientName.slice(0, CLIENT_NAME_CHARS));
}

/**
 * The caller behind an HTTP request (a REST read or /mcp): its token, project, deadline, Slack access, who it is
 * and through which client (the audit's), and for a signed-in person what they let this client read (the scope
 * of the token's grant).
 */
export const readCaller = (
  app: FastifyInstance,
  request: FastifyRequest,
  via: 'rest' | 'mcp' = 'rest',
): ReadCaller => ({
  log: request.log,
  requestId: request.id,
  who: whoOf(request),
  client: clientOf(request, via),
  apiClient: request.apiClient,
  project: request.project,
  deadline: request.deadline,
  grantedKinds: request.person?.grantedKinds,
  // The JSON text a REST body was parsed from (never over /mcp).
  bodyText: via === 'rest' ? request.bodyText : undefined,
  slackAccess: () => app.slackAccess(request),
  // A person signed in to several workspaces reads with each (after slackAccess's checks: the client may reach
  // Slack, no X-Slack-Token beside a person); anyone else with slackAccess alone, the default. Written as a
  // property either way: every caller has one shape, which keeps copying it (the audit does, per read) cheap.
  slackAccesses:
    (request.person?.tokens?.length ?? 0) > 1
      ? () => personAccesses(request.person as SignedInPerson, app.slackAccess(request).deadline)
      : undefined,
});

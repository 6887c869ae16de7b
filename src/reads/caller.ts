import type { FastifyBaseLogger } from 'fastify';
import type { ApiClient } from '../access/api-tokens.js';
import type { AuditClient, AuditWho } from '../governance/audit/record.js';
import type { ConversationKind } from '../governance/consent-scopes.js';
import type { SlackAccess } from '../slack-client/types.js';

/** Who asks: the REST request, the HTTP request behind /mcp, or the local user of the stdio server. */
export interface ReadCaller {
  log: FastifyBaseLogger;
  /** The HTTP request's id; over stdio, one per tool call. */
  requestId: string;
  /** Who asks (a signed-in person, an API token, the local user), as the audit records them. */
  who: AuditWho;
  /** Through which front end and client (the OAuth client, the MCP client's own name). */
  client: AuditClient;
  apiClient?: ApiClient;
  project?: string;
  /** Epoch ms by which the answer is due. */
  deadline: number;
  /**
   * The JSON text the REST request's body was parsed from (never set over MCP): a service may hand it on
   * rather than the parsed body (the catalog's ranking thread reads the tools from it).
   */
  bodyText?: string;
  /** What the signed-in person let this client read; undefined = no consent limit. */
  grantedKinds?: ReadonlySet<ConversationKind>;
  /** The Slack token and deadline this call acts with (throws 401/403 when there is none for it). */
  slackAccess: () => SlackAccess;
  /** Every Slack token the caller reads with (a person signed in to several workspaces has several). Default: [slackAccess()]. */
  slackAccesses?: () => SlackAccess[];
}

/** Who asks for a tool search: the audit line and the deadline need no Slack token. */
export type CatalogCaller = Omit<ReadCaller, 'slackAccess'>;

import type { CatalogCaller } from '../plugins/catalog.js';
import type { SlackAccess } from '../slack-client/types.js';

/** Who calls a tool: the HTTP request behind /mcp, or the local user of the stdio server. */
export interface McpCaller extends CatalogCaller {
  /** The Slack token and deadline this call acts with. */
  slackAccess: () => SlackAccess;
}

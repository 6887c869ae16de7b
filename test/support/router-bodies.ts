import { ROUTER_TOOLS } from '../fixtures/router-requests.js';

/**
 * A POST /catalog/search body as MCP Router builds it for `count` tools: the shapes of
 * test/fixtures/router-requests.ts (each tool with its whole input schema), 40 tools a server, each named
 * apart. 5,000 tools are ~1.9 MB, ~85,000 keys of 34 names (round 2's goal; round 3's key limit refused them).
 */
export function routerCatalogBody(count: number): string {
  const tools = Array.from({ length: count }, (_, i) => {
    const base = ROUTER_TOOLS[i % ROUTER_TOOLS.length] as (typeof ROUTER_TOOLS)[number];
    const serverId = `srv-${Math.floor(i / 40)}`;
    const toolName = `${base.toolName}_${i}`;
    return { ...base, serverId, toolName, toolKey: `${serverId}:${toolName}` };
  });
  return JSON.stringify({ query: ['send an email to the team'], context: 'a task', maxResults: 20, tools });
}

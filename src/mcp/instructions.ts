import type { ReadDefinition } from '../reads/read-definition.js';

const list = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** The `initialize` instructions: every tool by name with what it is for, from the definitions. */
export function mcpInstructions(reads: readonly ReadDefinition[]): string {
  const tools = reads.map((r) => `${r.mcp.purpose} with ${r.mcp.tool}`);
  return `Slack search and tool search for agents: ${list(tools)}. Answers are concise by default and carry a one-line summary that says what to do next. To page, pass an answer's next_cursor back as cursor; max_text_chars=0 gives whole texts.`;
}

/** The tools as the /mcp route's OpenAPI description lists them, each with its REST twin. */
export function mcpToolsSentence(reads: readonly ReadDefinition[]): string {
  const tools = reads.map((r) => `${r.mcp.tool} (${r.rest.method} ${openapiPath(r.rest.path)})`);
  return `Tools: ${list(tools)}.`;
}

/** `/threads/:channel/:ts` as OpenAPI writes it: `/threads/{channel}/{ts}`. */
export const openapiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

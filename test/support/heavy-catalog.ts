import { MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from '../../src/http/json-limits.js';

/** Keys the deep body spends (what round 3 allowed in all; the limits now bound one object's and the names). */
const KEYS = 25_000;

// The costliest catalog body that fits the 8 MiB limit: hundreds of tools with long CJK descriptions
// (every character pair is a distinct index term) and long CJK queries and context.
const cjk = (length: number, seed: number) => {
  let text = '';
  for (let i = 0; i < length; i++)
    text += String.fromCharCode(0x4e00 + ((i * 7919 + seed * 104_729) % 20_000));
  return text;
};

/** A body of about `megabytes` MB (UTF-8), different for each `variant` so no index is reused. */
export function heavyCatalogBody(variant = 0, megabytes = 7): string {
  const tools = Array.from({ length: 300 }, (_, i) => ({
    toolKey: `heavy-${variant}-${i}`,
    toolName: `tool_${i}`,
    serverName: `server ${i % 30}`,
    description: cjk(Math.floor((megabytes * 1_000_000) / 300 / 3.1), i + variant * 1000),
  }));
  const query = Array.from({ length: 16 }, (_, i) => cjk(2048, 100 + i + variant));
  return JSON.stringify({ query, context: cjk(16_000, 7 + variant), tools, maxResults: 100 });
}

/**
 * The costliest catalog body within the body limits for the event loop: about `megabytes` MB of up to
 * 400 tools (as many as KEYS leaves room for) whose `inputSchema`s nest parameters as deep as MAX_JSON_DEPTH allows (28 property levels of two
 * objects each, below the 7 levels above them), as many such chains as MAX_JSON_CONTAINERS and
 * KEYS leave room for; the rest is CJK descriptions.
 */
export function deepCatalogBody(variant = 0, megabytes = 7.5): string {
  const levels = Math.floor((MAX_JSON_DEPTH - 7) / 2);
  // Keys: 5 a tool besides its schema, 3 in the schema; each chain 4 a level and 3 for its opt.
  const TOOLS = Math.min(400, Math.floor((KEYS - 10) / (4 * levels + 11)));
  // Root, query and tools; each tool, its inputSchema and properties; each chain 2 a level, its opt and {}.
  const chains = Math.max(
    1,
    Math.floor(
      Math.min(
        (MAX_JSON_CONTAINERS - 3 - 3 * TOOLS) / (2 * levels + 2),
        (KEYS - 10 - 8 * TOOLS) / (4 * levels + 3),
      ) / TOOLS,
    ),
  );
  const chain = (tool: number, c: number) => {
    let open = '';
    let close = '';
    for (let l = 0; l < levels; l++) {
      open += `{"p${c}_${l}":{"type":"object","description":"level ${l} of option ${c} for tool ${tool}","properties":`;
      close += '}}';
    }
    return `${open}{}${close}`;
  };
  const schemaOf = (tool: number) => {
    const list = Array.from(
      { length: chains },
      (_, c) => `"opt${c}":{"type":"object","properties":${chain(tool, c)}}`,
    );
    return `{"type":"object","description":"arguments","properties":{${list.join(',')}}}`;
  };
  const schemas = Array.from({ length: TOOLS }, (_, i) => schemaOf(i));
  const schemaBytes = schemas.reduce((n, s) => n + s.length, 0);
  const descriptionChars = Math.max(0, Math.floor((megabytes * 1_000_000 - schemaBytes) / TOOLS / 3.1));
  const tools = schemas.map(
    (schema, i) =>
      `{"toolKey":"deep-${variant}-${i}","toolName":"tool_${i}","serverName":"server ${i % 30}","description":${JSON.stringify(cjk(descriptionChars, i + variant * 1000))},"inputSchema":${schema}}`,
  );
  const query = JSON.stringify(Array.from({ length: 16 }, (_, i) => cjk(512, 100 + i + variant)));
  return `{"query":${query},"context":"option level tool","tools":[${tools.join(',')}],"maxResults":100}`;
}

/** The bodies issue 20 reported: 400 tools whose one parameter nests `levels` arrays (2 bytes a level). */
export function nestedArraysCatalogBody(variant = 0, levels = 2500): string {
  const nested = `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const tools = Array.from(
    { length: 400 },
    (_, i) =>
      `{"toolKey":"nested-${variant}-${i}","toolName":"tool_${i}","serverName":"server ${i % 30}","description":"tool ${i}","inputSchema":{"properties":{"a":${nested}}}}`,
  );
  return `{"query":["tool option"],"tools":[${tools.join(',')}],"maxResults":100}`;
}

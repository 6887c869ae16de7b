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

// POST /catalog/search bodies for bench/hostile-files.ts: MCP Router's own shape at 5,000 tools
// (test/support/router-bodies.ts), and bodies that must stay refused because parsing them is what costs
// (deep nesting, many distinct keys).
export { routerCatalogBody } from '../test/support/router-bodies.js';

const distinctKeys = (n: number, prefix = 'k') => {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`"${prefix}${i.toString(36)}":0`);
  return `{${parts.join(',')}}`;
};
const catalog = (inputSchema: string) =>
  `{"query":["send message"],"tools":[{"toolKey":"k","toolName":"send","serverName":"s","description":"send a message","inputSchema":${inputSchema}}]}`;

/** Bodies whose parse is what costs: each must be refused (400) before it is parsed. */
export function hostileBodies(): Record<string, string> {
  const manyObjects = Array.from({ length: 5000 }, (_, i) => distinctKeys(30, `o${i}_`)).join(',');
  return {
    'nesting 100 levels': catalog(`${'['.repeat(100)}${']'.repeat(100)}`),
    '700,000 distinct keys in one object': catalog(distinctKeys(700_000)),
    '5,000 objects of 30 keys, all names distinct (150,000)': catalog(`[${manyObjects}]`),
  };
}

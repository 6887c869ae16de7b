import { fileURLToPath } from 'node:url';
import { openapiPath } from '../src/mcp/instructions.js';
import type { ReadDefinition } from '../src/reads/read-definition.js';
import { ALL_SCHEMAS, READS } from '../src/reads/reads.js';
import { type Service, type Services, slackMethodsOf } from '../src/reads/services.js';

// Each read's reference page, generated from its definition (`npm run docs`): its route and tool, its
// parameters and arguments, its answer, and what it needs. test/docs/read-docs.test.ts fails on drift.

export const READ_DOCS_DIR = fileURLToPath(new URL('../docs/reads/', import.meta.url));

type Json = Record<string, unknown>;

const PACES = {
  tier2: "Slack's Tier 2, 20 calls a minute",
  tier3: "Slack's Tier 3, 50 calls a minute",
  conversation: "Tier 3; 1 a minute for apps outside Slack's Marketplace",
  unpaced: 'not paced by the rate gate',
};

const cell = (text: unknown) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

/** A JSON Schema as a few words: `integer 1–100`, `one of score, timestamp`, `list of ConciseMatch`. */
function typeOf(schema: Json): string {
  if (typeof schema.$ref === 'string') return schema.$ref;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = String(schema.type ?? 'any');
  if (type === 'array') {
    const most = schema.maxItems === undefined ? '' : ` (at most ${schema.maxItems})`;
    return `list of ${typeOf((schema.items ?? {}) as Json)}${most}`;
  }
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? ` ${schema.minimum}–${schema.maximum}`
      : schema.minimum !== undefined
        ? ` ≥ ${schema.minimum}`
        : '';
  const length =
    schema.maxLength !== undefined ? ` (${schema.minLength ?? 0}–${schema.maxLength} characters)` : '';
  const format = schema.format ? ` (${schema.format})` : '';
  return `${type}${range}${length}${format}`;
}

const byId = new Map(ALL_SCHEMAS.map((s) => [s.$id, s as Json]));
/** A schema, or the shared one it refers to. */
const resolved = (schema: unknown): Json | undefined => {
  const ref = (schema as Json | undefined)?.$ref;
  return typeof ref === 'string' ? byId.get(ref) : (schema as Json | undefined);
};
const propertiesOf = (schema: unknown) =>
  Object.entries((resolved(schema)?.properties ?? {}) as Record<string, Json>);
const requiredOf = (schema: unknown) => new Set((resolved(schema)?.required ?? []) as string[]);

/** The parameters table: path, query and body parameters with their type, default and meaning. */
function parameters(read: ReadDefinition): string[] {
  const { schema } = read.rest;
  const rows = (['params', 'querystring', 'body'] as const).flatMap((part) => {
    const node = schema[part] as Json | undefined;
    if (!node) return [];
    const where = { params: 'path', querystring: 'query', body: 'body' }[part];
    const required = requiredOf(node);
    return propertiesOf(node).map(([name, p]) => {
      const must = required.has(name) && p.default === undefined ? 'yes' : '';
      const fallback = p.default === undefined ? '' : `\`${JSON.stringify(p.default)}\``;
      return `| \`${name}\` | ${where} | ${cell(typeOf(p))} | ${must} | ${fallback} | ${cell(p.description)} |`;
    });
  });
  if (rows.length === 0) return [];
  return [
    '| parameter | in | type | required | default | what |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    ...(read.lists
      ? ['', `Lists may come repeated or comma-separated: ${read.lists.map((l) => `\`${l}\``).join(', ')}.`]
      : []),
  ];
}

/** The tool's arguments, as they differ from the REST parameters. */
function toolArguments(read: ReadDefinition): string[] {
  const { mcp } = read;
  const names = propertiesOf(mcp.arguments).map(([name]) => `\`${name}\``);
  const renamed = Object.entries(mcp.rename ?? {}).map(([rest, arg]) => `\`${arg}\` is the REST \`${rest}\``);
  const hints = Object.entries(mcp.hints).map(([name, hint]) => `\`${name}\`: ${hint}`);
  return [
    `\`${mcp.tool}\` (${Object.entries(mcp.annotations)
      .map(([k, v]) => `\`${k}: ${v}\``)
      .join(', ')}): ${mcp.description}`,
    '',
    `- Arguments: ${names.join(', ') || 'none'}.`,
    ...(renamed.length ? [`- Named for the tool: ${renamed.join('; ')}.`] : []),
    ...(mcp.unlisted?.length
      ? [
          `- Taken but left out of \`tools/list\` (a byte cost on every conversation): ${mcp.unlisted.map((u) => `\`${u}\``).join(', ')}.`,
        ]
      : []),
    ...(hints.length ? [`- Hints in \`tools/list\`: ${hints.join('; ')}.`] : []),
    `- The \`initialize\` instructions say: ${mcp.purpose} with \`${mcp.tool}\`.`,
  ];
}

type Content = Record<
  string,
  { schema?: Json; examples?: Record<string, { summary?: string; value: unknown }> }
>;

/** The answer: the concise body's fields, the compact example, and the statuses. */
function answer(read: ReadDefinition): string[] {
  const responses = read.rest.schema.response as Record<string, { content?: Content; description?: string }>;
  const ok = responses[200]?.content ?? {};
  const concise = 'concise' in read.mcp.output ? read.mcp.output.concise : read.mcp.output.whole;
  const fields = propertiesOf(concise).map(
    ([name, p]) => `| \`${name}\` | ${cell(typeOf(p))} | ${cell(p.description)} |`,
  );
  const compact = Object.values(ok['text/plain']?.examples ?? {})[0];
  const errors = Object.keys(responses).filter((s) => s !== '200');
  return [
    `${'concise' in read.mcp.output ? 'The concise body' : 'The body'} (\`${concise.$id}\`):`,
    '',
    '| field | type | what |',
    '| --- | --- | --- |',
    ...fields,
    ...(compact
      ? [
          '',
          `\`response_format=compact\` answers the same as text for a model (\`${compact.summary}\`):`,
          '',
          '```text',
          String(compact.value).trimEnd(),
          '```',
        ]
      : []),
    '',
    `Other statuses: ${errors.join(', ')} (the error body of every route; see [the API guide](../api.md#errors)).`,
  ];
}

const paceOf = (pace: keyof typeof PACES) => PACES[pace];

/** What the read needs: its services (and theirs), its Slack methods with their paces, the reads it names. */
function needs(read: ReadDefinition): string[] {
  const serviceNames = (services: Services): string[] =>
    Object.values(services).flatMap((s: Service<unknown>) => [
      s.name,
      ...serviceNames(s.needs ?? {}).map((n) => `${n} (for ${s.name})`),
    ]);
  const own = Object.entries(read.slack).map(([m, pace]) => `\`${m}\` (${paceOf(pace)})`);
  const theirs = Object.entries(slackMethodsOf(read.services))
    .filter(([m]) => !(m in read.slack))
    .map(([m, pace]) => `\`${m}\` (${paceOf(pace)})`);
  return [
    `- Services: ${serviceNames(read.services).join(', ')}.`,
    `- Slack methods it calls: ${own.join(', ') || 'none'}${theirs.length ? `; through its services: ${theirs.join(', ')}` : ''}.`,
    ...(read.names?.length
      ? [`- Reads its answers point to: ${read.names.map((n) => `[${n}](${n}.md)`).join(', ')}.`]
      : []),
  ];
}

/** A read's reference page. */
export function readDoc(read: ReadDefinition): string {
  const { rest } = read;
  const route = `${rest.method} ${openapiPath(rest.path)}`;
  const lines = [
    `<!-- Generated from src/reads/${read.name}/definition.ts by \`npm run docs\`: edit the definition, not this file. -->`,
    '',
    `# ${read.title}`,
    '',
    `\`${route}\` · MCP tool \`${read.mcp.tool}\` · access area \`${read.area}\` · OpenAPI \`${rest.operationId}\``,
    '',
    rest.description,
    '',
    '## Parameters',
    '',
    ...parameters(read),
    '',
    '## As an MCP tool',
    '',
    ...toolArguments(read),
    '',
    '## Answer',
    '',
    ...answer(read),
    '',
    '## What it needs',
    '',
    ...needs(read),
    '',
  ];
  return lines.join('\n');
}

/** Every read's page by file name (`search-messages.md`). */
export function readDocs(): Map<string, string> {
  return new Map(READS.map((read) => [`${read.name}.md`, readDoc(read)]));
}

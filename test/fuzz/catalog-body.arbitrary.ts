import fc from 'fast-check';
import { anyString, trickyConstant } from './adversarial.js';
import type { Mode } from './slack-params.js';

const WORDS =
  'send message slack post create issue github search file read write calendar event delete user list channel email the a sends messaging'.split(
    ' ',
  );

export const word = fc.constantFrom(...WORDS);

/** Any string within the schema's limits: unicode, lone surrogates, control characters. */
const shortString = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), trickyConstant);

/** Mostly sentences of tool-ish words (so ranking has work to do), sometimes any string. */
const text = (maxWords: number, m: Mode) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.array(word, { maxLength: maxWords }).map((w) => w.join(' ')) },
    { weight: 2, arbitrary: m === 'valid' ? shortString : anyString },
  );

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

const MUTATIONS = [
  'drop-key',
  'drop-name',
  'drop-server',
  'extra-field',
  'wrong-key',
  'wrong-name',
  'wrong-description',
  'empty-key',
  'duplicate-key',
  'not-an-object',
] as const;

const toolSeed = (m: Mode) =>
  fc.record({
    toolName: text(3, m),
    serverName: text(2, m),
    description: fc.option(text(14, m), { nil: undefined }),
    adversarialKey: fc.option(m === 'valid' ? shortString : anyString, { freq: 4, nil: undefined }),
    // What MCP Router adds (test/fixtures/router-requests.ts): ids, a null projectId, any JSON Schema.
    router: fc.option(
      fc.record({
        serverId: shortString.map((s) => s.slice(0, 512)),
        projectId: fc.option(shortString, { nil: null }),
        inputSchema: fc.oneof(
          fc.jsonValue({ maxDepth: 6 }),
          fc.record({
            type: fc.constant('object'),
            properties: fc.dictionary(word, fc.jsonValue({ maxDepth: 4 })),
          }),
        ),
      }),
      { freq: 3, nil: undefined },
    ),
    mutation:
      m === 'valid'
        ? fc.constant(undefined)
        : fc.option(fc.constantFrom(...MUTATIONS), { freq: 12, nil: undefined }),
    wrong: wrongType,
  });

type ToolSeed = ReturnType<typeof toolSeed> extends fc.Arbitrary<infer T> ? T : never;

function buildTool(seed: ToolSeed, i: number): unknown {
  const tool: Record<string, unknown> = {
    // The index keeps keys unique even when the adversarial part repeats.
    toolKey: seed.adversarialKey === undefined ? `tool-${i}` : `${seed.adversarialKey}#${i}`,
    toolName: seed.toolName,
    serverName: seed.serverName,
  };
  if (seed.description !== undefined) tool.description = seed.description;
  if (seed.router) Object.assign(tool, seed.router);
  switch (seed.mutation) {
    case 'drop-key':
      delete tool.toolKey;
      break;
    case 'drop-name':
      delete tool.toolName;
      break;
    case 'drop-server':
      delete tool.serverName;
      break;
    case 'extra-field':
      tool.inputSchema = { type: 'object', properties: { x: { type: 'string' } } };
      break;
    case 'wrong-key':
      tool.toolKey = seed.wrong;
      break;
    case 'wrong-name':
      tool.toolName = seed.wrong;
      break;
    case 'wrong-description':
      tool.description = seed.wrong;
      break;
    case 'empty-key':
      tool.toolKey = '';
      break;
    case 'duplicate-key':
      tool.toolKey = 'tool-0';
      break;
    case 'not-an-object':
      return seed.wrong;
  }
  return tool;
}

/** A list of 0–25 tools: all valid, or (mode `any`) some broken in one field. */
const tools = (m: Mode) => fc.array(toolSeed(m), { maxLength: 25 }).map((seeds) => seeds.map(buildTool));

/** 300 to 6,000 well-formed tools (MAX_TOOLS is 5,000), built from a seed rather than shrunk one by one. */
export const manyTools = fc
  .tuple(fc.constantFrom(300, 4_999, 5_000, 5_001, 6_000), fc.nat())
  .map(([n, salt]) =>
    Array.from({ length: n }, (_, i) => ({
      toolKey: `k${salt}-${i}`,
      toolName: `${WORDS[i % WORDS.length]}_${WORDS[(i * 7 + salt) % WORDS.length]}`,
      serverName: `server${i % 40}`,
      description: `${WORDS[(i * 3) % WORDS.length]} ${WORDS[(i * 5 + 1) % WORDS.length]} tool number ${i}`,
    })),
  );

const query = (m: Mode) =>
  m === 'valid'
    ? fc.array(text(4, m), { minLength: 1, maxLength: 16 })
    : fc.oneof(
        { weight: 10, arbitrary: fc.array(text(4, m), { minLength: 1, maxLength: 4 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            [],
            Array.from({ length: 17 }, () => 'send'),
          ),
        },
        { weight: 1, arbitrary: wrongType },
        { weight: 1, arbitrary: fc.array(fc.oneof(word, wrongType), { minLength: 1, maxLength: 3 }) },
      );

const maxResults = (m: Mode) =>
  m === 'valid'
    ? fc.oneof(fc.integer({ min: 1, max: 150 }), fc.constantFrom(1e9, 2 ** 53, Number.MAX_SAFE_INTEGER + 2))
    : fc.oneof(fc.integer({ min: 1, max: 150 }), fc.constantFrom(0, -1, 1.5, '5'), wrongType);

/** A search body as an object: documented fields, valid or (mode `any`) with wrong types and sizes. */
export const searchBody = (m: Mode) =>
  fc
    .record(
      {
        query: query(m),
        tools:
          m === 'valid'
            ? fc.oneof({ weight: 30, arbitrary: tools(m) }, { weight: 1, arbitrary: manyTools })
            : fc.oneof(tools(m), wrongType),
        maxResults: maxResults(m),
        context: m === 'valid' ? text(30, m) : fc.oneof(text(30, m), wrongType),
        // Unknown fields are allowed (MCP Router may add some); `any` mode also sends __proto__ and friends.
        extra: fc.dictionary(
          m === 'valid' ? fc.stringMatching(/^x[A-Za-z]{0,6}$/) : fc.string({ maxLength: 8 }),
          fc.jsonValue({ maxDepth: 2 }),
          { maxKeys: 2 },
        ),
      },
      { requiredKeys: ['query', 'tools'] },
    )
    .map(({ extra, ...body }) => ({ ...extra, ...body }));

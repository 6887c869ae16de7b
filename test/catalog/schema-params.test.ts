import { describe, expect, it } from 'vitest';
import { rankTools } from '../../src/catalog/index.js';
import { SCHEMA_LIMITS, schemaParams } from '../../src/catalog/schema-params.js';

/** `levels` properties nested one in the other, the innermost described as `leaf`. */
function nested(levels: number, leaf = 'the innermost') {
  let schema: Record<string, unknown> = { type: 'string', description: leaf };
  for (let i = levels; i > 0; i--) schema = { type: 'object', properties: { [`level${i}`]: schema } };
  return schema;
}

describe('schemaParams: what ranking reads of a tool inputSchema', () => {
  it('reads names and descriptions of any JSON Schema, nested ones included, each pair once', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      description: 'Arguments of the forecast',
      properties: {
        city: { type: ['string', 'null'], description: 'City name' },
        lat: {
          anyOf: [{ type: 'number', description: 'Latitude' }, { type: 'null' }],
          description: 'Latitude',
        },
        units: { oneOf: [{ const: 'metric', description: 'Celsius' }, { const: 'imperial' }] },
        stops: {
          type: 'array',
          items: { type: 'object', properties: { station: { description: 'A station code' } } },
        },
        options: { type: 'object', additionalProperties: { description: 'Any extra flag' } },
        bare: true,
      },
      required: ['city'],
      additionalProperties: false,
    };
    expect(schemaParams(schema)).toEqual([
      { name: '', description: 'Arguments of the forecast' },
      { name: 'city', description: 'City name' },
      { name: 'lat', description: 'Latitude' },
      { name: 'units', description: '' },
      { name: 'stops', description: '' },
      { name: 'options', description: '' },
      { name: 'bare', description: '' },
      { name: 'units', description: 'Celsius' },
      { name: 'options', description: 'Any extra flag' },
      { name: 'station', description: 'A station code' },
    ]);
  });

  it('ignores what is not a schema, and a schema without properties', () => {
    for (const value of [undefined, null, true, 3, 'object', [], [{ description: 'x' }]])
      expect(schemaParams(value)).toEqual([]);
    expect(schemaParams({ type: 'object' })).toEqual([]);
    expect(schemaParams({ type: 'object', properties: [{ description: 'x' }] })).toEqual([]);
    expect(schemaParams({ properties: { a: { description: 7 }, b: null } })).toEqual([
      { name: 'a', description: '' },
      { name: 'b', description: '' },
    ]);
  });

  it('stops at its depth, node and output bounds, on inputs of any depth or width', () => {
    const deep = schemaParams(nested(50_000));
    expect(deep.map((p) => p.name)).toEqual(['level1', 'level2', 'level3', 'level4']);
    const wide = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`p${i}`, { description: `parameter ${i}` }]),
    );
    expect(schemaParams({ properties: wide })).toHaveLength(SCHEMA_LIMITS.params);
    const branches = { anyOf: Array.from({ length: 100_000 }, () => ({ type: 'string' })) };
    expect(schemaParams({ properties: { x: branches } })).toEqual([{ name: 'x', description: '' }]);
    const long = schemaParams({ description: 'w'.repeat(100_000) });
    expect(long[0]?.description).toHaveLength(SCHEMA_LIMITS.descriptionChars);
  });
});

describe('ranking with MCP Router tools', () => {
  const tools = [
    {
      toolKey: 's1:get_weather',
      toolName: 'get_weather',
      serverName: 'meteo',
      projectId: null,
      inputSchema: { type: 'object', properties: { city: { description: 'City to forecast' } } },
    },
    {
      toolKey: 's2:lookup',
      toolName: 'lookup',
      serverName: 'tools',
      projectId: null,
      description: 'Look a word up',
      inputSchema: {
        type: 'object',
        properties: {
          q: { anyOf: [{ type: 'object', properties: { organism: { description: 'A zebrafish gene' } } }] },
        },
      },
    },
  ];

  it('describes a tool without a description by its parameters, and says they matched', () => {
    expect(rankTools({ query: ['forecast'], tools, maxResults: 5 })).toEqual([
      {
        toolKey: 's1:get_weather',
        toolName: 'get_weather',
        serverName: 'meteo',
        projectId: null,
        relevance: expect.any(Number),
        explanation: 'Matched "forecast" in parameters.',
      },
    ]);
  });

  it('finds a word only a nested parameter describes', () => {
    expect(rankTools({ query: ['zebrafish'], tools, maxResults: 5 }).map((r) => r.explanation)).toEqual([
      'Matched "zebrafish" in parameters.',
    ]);
  });
});

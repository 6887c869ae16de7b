type Json = Record<string, unknown>;

/** Where a checked value came from: a part of the HTTP request, an MCP tool's arguments, or '' for a JSON-RPC message. */
export type ValuePlace = 'querystring' | 'params' | 'body' | 'headers' | 'arguments' | '';

/**
 * One validation problem in Ajv's terms (TypeBox's are translated to them): the keyword that failed, the
 * JSON pointer of the value (of the object, for `required` and `additionalProperties`), Ajv's `params`,
 * and the schema holding the keyword (Ajv's `verbose` option).
 */
export interface SchemaProblem {
  keyword?: string;
  instancePath?: string;
  params?: Json;
  parentSchema?: Json;
  message?: string;
  /** The value at fault (Ajv's `verbose`). */
  data?: unknown;
}

/**
 * The schema keyword that says what a value looks like in words, for the values a pattern or a format
 * checks: `"an id like C0123ABCD, or #name"`. Ajv knows it (AJV_OPTIONS); MCP tool schemas leave it out.
 */
export const EXPECTED = 'x-expected';

const FORMATS: Record<string, string> = {
  date: 'a date like 2026-03-01',
  'date-time': 'a date and time like 2026-03-01T09:30:00Z',
  uri: 'a URL like https://example.com/',
};

const NOUNS: Record<ValuePlace, string> = {
  querystring: 'parameter',
  params: 'path parameter',
  body: 'property',
  headers: 'header',
  arguments: 'argument',
  '': 'member',
};

const OWNERS: Record<ValuePlace, string> = {
  querystring: 'this route',
  params: 'this route',
  body: 'this route',
  headers: 'this route',
  arguments: 'this tool',
  '': 'a JSON-RPC message',
};

/** A query parameter given `count` times where it takes one value (`?limit=5&limit=6` arrives as a list). */
export const givenTimes = (count: number) => `was given ${count} times; give it once`;

/** `querystring/channel_ids/0`; for a JSON-RPC message, `params/name`. */
const at = (place: ValuePlace, path = '') => (place ? `${place}${path}` : path.slice(1) || 'the message');

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** `from 1 to 100`, `of at least 1`, `of at most 5`, or nothing. */
function bounds(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

const ARTICLE: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  array: 'an array',
  object: 'an object',
  boolean: 'true or false',
  null: 'null',
};

const described = (schema: Json) =>
  typeof schema[EXPECTED] === 'string' ? (schema[EXPECTED] as string) : undefined;

/** What a value of this schema is, in words: `an integer from 1 to 100`, `a date like 2026-03-01`. */
function expected(schema: Json, type = schema.type): string {
  const words = described(schema);
  if (words) return words;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (Array.isArray(type)) return type.map((t) => expected({}, t)).join(' or ');
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(variants)) {
    if (variants.every((v) => 'const' in v)) return `one of ${variants.map((v) => v.const).join(', ')}`;
    return variants.map((v) => ('const' in v ? String(v.const) : expected(v))).join(', or ');
  }
  if (type === 'integer' || type === 'number') {
    return `${ARTICLE[type]}${bounds(num(schema.minimum), num(schema.maximum))}`;
  }
  if (type === 'string' && typeof schema.format === 'string' && FORMATS[schema.format])
    return FORMATS[schema.format] as string;
  if (type === 'array') {
    const itemType = (schema.items as Json | undefined)?.type;
    return typeof itemType === 'string' && ARTICLE[itemType] && itemType !== 'boolean'
      ? `an array of ${itemType}s`
      : 'an array';
  }
  return ARTICLE[String(type)] ?? 'valid';
}

/** `1 to 2000 characters long`, `at most 50 items`… */
function sizeRule(min: unknown, max: unknown, unit: string): string {
  const lo = num(min) ?? 0;
  const hi = num(max);
  const units = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hi !== undefined && lo > 0) return `${lo} to ${units(hi)}`;
  if (hi !== undefined) return `at most ${units(hi)}`;
  return `at least ${units(lo)}`;
}

const quoted = (name: unknown) => JSON.stringify(String(name).slice(0, 100));

/** `unknown parameter "count"; this route takes cursor, limit, …` (or, nested, which property). */
function unknownProperty(place: ValuePlace, problem: SchemaProblem): string {
  const name = quoted(problem.params?.additionalProperty);
  const known = Object.keys((problem.parentSchema?.properties as Json | undefined) ?? {});
  const path = problem.instancePath ?? '';
  if (path) {
    const takes = known.length > 0 ? `; it takes ${known.join(', ')}` : '';
    return `${at(place, path)} has an unknown property ${name}${takes}`;
  }
  const owner = OWNERS[place];
  const takes = known.length > 0 ? `; ${owner} takes ${known.join(', ')}` : `; ${owner} takes none`;
  return `unknown ${NOUNS[place]} ${name}${takes}`;
}

/**
 * A validation problem as the fix: the parameter (or body path) at fault and what it takes, from the
 * schema itself (`querystring/count must be an integer from 1 to 100`, `body/tools is required`).
 * REST and MCP answers use it alike, so a new read's parameters get these messages for free.
 */
export function describeProblem(place: ValuePlace, problem: SchemaProblem | undefined): string {
  const where = at(place, problem?.instancePath);
  const schema = problem?.parentSchema ?? {};
  const params = problem?.params ?? {};
  switch (problem?.keyword) {
    case 'required':
      return `${at(place, `${problem.instancePath ?? ''}/${String(params.missingProperty)}`)} is required`;
    case 'additionalProperties':
      return unknownProperty(place, problem);
    case 'const':
      return `${where} must be ${JSON.stringify(schema.const)}`;
    case 'type':
      if (place === 'querystring' && Array.isArray(problem.data) && schema.type !== 'array')
        return `${where} ${givenTimes(problem.data.length)}`;
      return `${where} must be ${expected(schema, params.type ?? schema.type)}`;
    case 'format':
      return `${where} must be ${described(schema) ?? FORMATS[String(params.format)] ?? `a ${String(params.format)}`}`;
    case 'pattern':
      return `${where} must be ${described(schema) ?? `a string matching ${String(params.pattern)}`}`;
    case 'anyOf':
    case 'oneOf':
    case 'enum':
    case 'minimum':
    case 'maximum':
      return `${where} must be ${expected(schema)}`;
    case 'minLength':
    case 'maxLength':
      return `${where} must be ${sizeRule(schema.minLength, schema.maxLength, 'character')} long`;
    case 'minItems':
    case 'maxItems':
      return `${where} must have ${sizeRule(schema.minItems, schema.maxItems, 'item')}`;
    default:
      return `${where} ${problem?.message ?? 'is invalid'}`;
  }
}

/**
 * The first problem of Ajv's list, as the fix; for a value matching no variant of a union (Ajv lists each
 * variant's problem, then `anyOf`), what the union takes.
 */
export function describeProblems(place: ValuePlace, problems: SchemaProblem[] | undefined): string {
  const union = problems?.find((p) => p.keyword === 'anyOf' || p.keyword === 'oneOf');
  return describeProblem(place, union ?? problems?.[0]);
}

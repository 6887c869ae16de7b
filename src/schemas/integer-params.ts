import type { TSchema } from '@sinclair/typebox';
import { givenTimes } from './validation-message.js';

/** An integer as a query string writes it: digits, an optional minus, nothing else. */
const DECIMAL = /^-?\d{1,16}$/;
/** A number as a query string writes it: an optional minus, digits, an optional fraction and exponent. */
const NUMBER = /^-?\d{1,20}(\.\d{1,20})?([eE][-+]?\d{1,3})?$/;

interface IntegerRule {
  name: string;
  /** `integer` (digits only) or `number` (a decimal fraction too); either finite. */
  type: 'integer' | 'number';
  min: number;
  max: number;
  range: string;
}

const rangeOf = (type: string, min: number, max: number) =>
  `${type === 'integer' ? 'an integer' : 'a number'} ${Number.isFinite(max) ? `from ${min} to ${max}` : `of at least ${min}`}`;

const rulesOf = new WeakMap<object, IntegerRule[]>();

function integerRules(schema: TSchema): IntegerRule[] {
  let rules = rulesOf.get(schema);
  if (!rules) {
    const properties = (schema.properties ?? {}) as Record<string, TSchema>;
    rules = Object.entries(properties)
      .filter(([, property]) => property.type === 'integer' || property.type === 'number')
      .map(([name, property]) => {
        const type = property.type as IntegerRule['type'];
        const min = property.minimum ?? Number.MIN_SAFE_INTEGER;
        const max = property.maximum ?? Number.POSITIVE_INFINITY;
        return { name, type, min, max, range: rangeOf(type, min, max) };
      });
    rulesOf.set(schema, rules);
  }
  return rules;
}

function inRange(value: unknown, { type, min, max }: IntegerRule): boolean {
  const single = Array.isArray(value) && value.length === 1 ? value[0] : value;
  let n: number;
  if (typeof single === 'number') n = single;
  else if (typeof single === 'string' && (type === 'integer' ? DECIMAL : NUMBER).test(single))
    n = Number(single);
  else return false;
  const finite = type === 'integer' ? Number.isSafeInteger(n) : Number.isFinite(n);
  return finite && n >= min && n <= max;
}

/**
 * The first integer or number property of `schema` whose value in `data` is not finite and in range, as an
 * Ajv problem (`/count must be an integer from 1 to 100`, `/min_score must be a number from 0 to 1`), checked
 * before Ajv coerces it: Ajv's number coercion turns `Infinity`, `1e400`, `0x10`, ` 1` and `true` into
 * numbers, and Infinity passes its type and range checks. Query strings (REST) and tool arguments (MCP) both
 * go through it.
 */
export function integerProblem(
  schema: TSchema | undefined,
  data: unknown,
  queryString = false,
): { instancePath: string; message: string } | undefined {
  if (!schema || typeof data !== 'object' || data === null) return undefined;
  const values = data as Record<string, unknown>;
  for (const rule of integerRules(schema)) {
    const value = values[rule.name];
    if (!Object.hasOwn(values, rule.name) || value === undefined) continue;
    if (queryString && Array.isArray(value) && value.length > 1)
      return { instancePath: `/${rule.name}`, message: givenTimes(value.length) };
    if (!inRange(value, rule)) return { instancePath: `/${rule.name}`, message: `must be ${rule.range}` };
  }
  return undefined;
}

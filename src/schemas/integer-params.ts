import type { TSchema } from '@sinclair/typebox';
import { givenTimes } from './validation-message.js';

/** An integer as a query string writes it: digits, an optional minus, nothing else. */
const DECIMAL = /^-?\d{1,16}$/;

interface IntegerRule {
  name: string;
  min: number;
  max: number;
  range: string;
}

const rangeOf = (min: number, max: number) =>
  Number.isFinite(max) ? `from ${min} to ${max}` : `of at least ${min}`;

const rulesOf = new WeakMap<object, IntegerRule[]>();

function integerRules(schema: TSchema): IntegerRule[] {
  let rules = rulesOf.get(schema);
  if (!rules) {
    const properties = (schema.properties ?? {}) as Record<string, TSchema>;
    rules = Object.entries(properties)
      .filter(([, property]) => property.type === 'integer')
      .map(([name, property]) => {
        const min = property.minimum ?? Number.MIN_SAFE_INTEGER;
        const max = property.maximum ?? Number.POSITIVE_INFINITY;
        return { name, min, max, range: rangeOf(min, max) };
      });
    rulesOf.set(schema, rules);
  }
  return rules;
}

function isInteger(value: unknown, { min, max }: IntegerRule): boolean {
  const single = Array.isArray(value) && value.length === 1 ? value[0] : value;
  let n: number;
  if (typeof single === 'number') n = single;
  else if (typeof single === 'string' && DECIMAL.test(single)) n = Number(single);
  else return false;
  return Number.isSafeInteger(n) && n >= min && n <= max;
}

/**
 * The first integer property of `schema` whose value in `data` is not a finite integer in range, as an Ajv
 * problem (`/count must be an integer from 1 to 100`), checked before Ajv coerces it: Ajv's number
 * coercion turns `Infinity`, `1e400`, `0x10`, ` 1` and `true` into numbers, and Infinity passes its
 * integer and range checks. Query strings (REST) and tool arguments (MCP) both go through it.
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
    if (!isInteger(value, rule))
      return { instancePath: `/${rule.name}`, message: `must be an integer ${rule.range}` };
  }
  return undefined;
}

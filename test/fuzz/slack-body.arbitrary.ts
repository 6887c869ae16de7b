import fc from 'fast-check';
import { type SlackRealFixture, slackRealFixtures } from '../support/slack-real-fixtures.js';

// Slack bodies broken the ways a changed or buggy upstream breaks them: real-shaped bodies
// (test/fixtures/slack-real) with a few values swapped for another type or removed, anywhere inside.

type Json = unknown;
type Path = (string | number)[];

const MUTATIONS = [
  'object-for-list',
  'list-for-object',
  'number-for-string',
  'string-for-number',
  'null',
  'drop',
  'boolean',
  'empty-list',
  'empty-object',
  'empty-string',
] as const;
export type Mutation = { at: number; kind: (typeof MUTATIONS)[number] };

/** Every path inside `value` below its root, parents before children. */
function paths(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, child] of entries) {
    out.push([...prefix, key]);
    paths(child, [...prefix, key], out);
  }
  return out;
}

function mutated(value: Json, kind: Mutation['kind']): Json | undefined {
  switch (kind) {
    case 'object-for-list':
      return Array.isArray(value) ? { ...value } : { items: value };
    case 'list-for-object':
      return value && typeof value === 'object' ? Object.values(value) : [value];
    case 'number-for-string':
      return typeof value === 'string' ? value.length : 7;
    case 'string-for-number':
      return String(value);
    case 'null':
      return null;
    case 'drop':
      return undefined;
    case 'boolean':
      return true;
    case 'empty-list':
      return [];
    case 'empty-object':
      return {};
    case 'empty-string':
      return '';
  }
}

/** `body` with each mutation applied at a path chosen among those it has (`ok` is left alone: Slack errors are tested elsewhere). */
export function breakBody(body: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const { at, kind } of mutations) {
    const all = paths(copy).filter((p) => p[0] !== 'ok');
    if (all.length === 0) break;
    const path = all[at % all.length] as Path;
    const parent = path.slice(0, -1).reduce<Json>((v, k) => (v as Record<string, Json>)[k], copy) as Record<
      string | number,
      Json
    >;
    const key = path.at(-1) as string | number;
    const next = mutated(parent[key], kind);
    if (next === undefined && !Array.isArray(parent)) delete parent[key];
    else parent[key] = next ?? null;
  }
  return copy;
}

const mutations = fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom(...MUTATIONS) }), {
  minLength: 1,
  maxLength: 3,
});

/** One of `bases`, broken in one to three places. */
export const brokenOneOf = (bases: Record<string, unknown>[]) =>
  fc.tuple(fc.constantFrom(...bases), mutations).map(([base, m]) => breakBody(base, m));

/** A real-shaped body of `method` (test/fixtures/slack-real), broken in one to three places. */
export const brokenBody = (method: SlackRealFixture['method']) =>
  brokenOneOf(slackRealFixtures().flatMap((f) => (f.method === method ? [f.body] : [])));

import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { queryRules } from '../../src/mcp/check-arguments.js';
import { catalogBodyValidator } from '../../src/schemas/body-validator.js';
import { describeProblems, EXPECTED, type SchemaProblem } from '../../src/schemas/validation-message.js';

// A new read's parameters get messages that name the fix from their schema alone: nothing to write.
const NewRead = Type.Object(
  {
    id: Type.String({ pattern: '^F[A-Z0-9]{2,40}$', [EXPECTED]: 'a file id like F0123ABCD' }),
    code: Type.Optional(Type.String({ pattern: '^[a-z]+$' })),
    kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    since: Type.Optional(Type.String({ format: 'date' })),
    page: Type.Integer({ minimum: 1, default: 1 }),
    limit: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('all')])),
    share: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    flag: Type.Optional(Type.Boolean()),
    name: Type.Optional(Type.String({ minLength: 2, maxLength: 5 })),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2 })),
  },
  { additionalProperties: false },
);
const check = queryRules(NewRead);
const ok = { id: 'F123', kind: 'a' };

describe('validation messages from the schema itself', () => {
  it.each([
    [{ kind: 'a' }, 'arguments/id is required'],
    [{ ...ok, id: 'x' }, 'arguments/id must be a file id like F0123ABCD'],
    [{ ...ok, code: 'X' }, 'arguments/code must be a string matching ^[a-z]+$'],
    [{ ...ok, kind: 'c' }, 'arguments/kind must be one of a, b'],
    [{ ...ok, limit: 0 }, 'arguments/limit must be an integer of at least 1, or all'],
    [{ ...ok, since: '2026-02-30' }, 'arguments/since must be a date like 2026-03-01'],
    [{ ...ok, page: 0 }, 'arguments/page must be an integer of at least 1'],
    [{ ...ok, page: 'two' }, 'arguments/page must be an integer of at least 1'],
    [{ ...ok, share: 2 }, 'arguments/share must be a number from 0 to 1'],
    [{ ...ok, flag: 'maybe' }, 'arguments/flag must be true or false'],
    [{ ...ok, name: 'x' }, 'arguments/name must be 2 to 5 characters long'],
    [{ ...ok, tags: ['a', 'b', 'c'] }, 'arguments/tags must have at most 2 items'],
    [
      { ...ok, pages: 2 },
      'unknown argument "pages"; this tool takes id, code, kind, since, page, limit, share, flag, name, tags',
    ],
  ])('%j', (args, error) => {
    expect(check(args)).toEqual({ error });
  });

  it('words the catalog body (TypeBox, no coercion) the same way', () => {
    const schema = Type.Object({
      a: Type.Integer({ maximum: 3 }),
      b: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    });
    const validate = catalogBodyValidator({ schema, httpPart: 'body', method: 'POST', url: '/' });
    const message = (value: unknown) =>
      describeProblems('body', (validate(value) as { error: SchemaProblem[] }).error);
    expect([{ a: 4 }, { a: 1, b: 2 }, {}, { a: '1' }].map(message)).toEqual([
      'body/a must be an integer of at most 3',
      'body/b must be a string or null',
      'body/a is required',
      'body/a must be an integer of at most 3',
    ]);
  });
});

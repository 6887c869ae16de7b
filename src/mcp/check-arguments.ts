import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { ALL_SCHEMAS } from '../reads/reads.js';
import { AJV_OPTIONS } from '../schemas/ajv-options.js';
import { integerProblem } from '../schemas/integer-params.js';
import { ajvCompiler } from '../schemas/lazy-compilers.js';
import { describeProblem, describeProblems, type SchemaProblem } from '../schemas/validation-message.js';

/** The arguments as the service takes them (coerced, defaults filled in), or what is wrong with them. */
export type CheckArguments<T> = (args: unknown) => { value: T } | { error: string };

type Outcome = boolean | { value?: unknown; error?: SchemaProblem[] | Error };
/** Fastify's compiled validator: Ajv's (a boolean, and its `errors`) or one of our own (an outcome object). */
type FastifyValidate = ((data: unknown) => Outcome) & { errors?: SchemaProblem[] | null };

/** What the schema's validator accepted is of the schema's type (as the type provider says of routes). */
const accepted = <T>(_data: unknown, outcome: Outcome): _data is T =>
  outcome === true || (typeof outcome === 'object' && !outcome.error);

function fromFastifyValidator<T>(validate: FastifyValidate, schema?: TSchema): CheckArguments<T> {
  return (args) => {
    const value = args ?? {};
    const integer = integerProblem(schema, value);
    if (integer) return { error: describeProblem('arguments', integer) };
    const result = validate(value);
    const given = typeof result === 'object' ? (result.value ?? value) : value;
    if (accepted<T>(given, result)) return { value: given };
    const errors = typeof result === 'object' ? result.error : validate.errors;
    return { error: describeProblems('arguments', Array.isArray(errors) ? errors : undefined) };
  };
}

let fastifyCompiler: ((route: { schema: TSchema }) => FastifyValidate) | undefined;

/** Checks arguments exactly as Fastify checks a query string: the same integer rule, compiler, options and schemas. */
export function queryRules<S extends TSchema>(schema: S): CheckArguments<Static<S>> {
  return onFirstCheck(() => {
    // Once per process, not per call: @fastify/ajv-compiler's factory is typed for Fastify's route options.
    fastifyCompiler ??= ajvCompiler()(
      Object.fromEntries(ALL_SCHEMAS.map((s) => [s.$id as string, s])),
      AJV_OPTIONS,
    ) as unknown as (route: { schema: TSchema }) => FastifyValidate;
    return fromFastifyValidator<Static<S>>(fastifyCompiler({ schema }), schema);
  });
}

/** Checks arguments with a route's own body validator (e.g. the catalog's strict, no-coercion one). */
export function bodyRules<S extends TSchema>(
  compiler: FastifySchemaCompiler<unknown>,
  schema: S,
): CheckArguments<Static<S>> {
  return onFirstCheck(() => {
    const validate = compiler({ schema, method: 'POST', url: '/mcp', httpPart: 'body' });
    return fromFastifyValidator<Static<S>>(validate as FastifyValidate);
  });
}

/** The check compiled by its first call, not at start (as the routes' validators are). */
function onFirstCheck<T>(compile: () => CheckArguments<T>): CheckArguments<T> {
  let check: CheckArguments<T> | undefined;
  return (args) => {
    check ??= compile();
    return check(args);
  };
}

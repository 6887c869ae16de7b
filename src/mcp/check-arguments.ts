import type { TSchema } from '@sinclair/typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { ALL_SCHEMAS } from '../reads/reads.js';
import { AJV_OPTIONS } from '../schemas/ajv-options.js';
import { integerProblem } from '../schemas/integer-params.js';
import { ajvCompiler } from '../schemas/lazy-compilers.js';
import { describeProblem, describeProblems, type SchemaProblem } from '../schemas/validation-message.js';

/** The arguments as the service takes them (coerced, defaults filled in), or what is wrong with them. */
export type CheckArguments = (args: unknown) => { value: unknown } | { error: string };

type AjvValidate = ((data: unknown) => boolean) & { errors?: SchemaProblem[] | null };
type FastifyValidate = (data: unknown) => boolean | { value?: unknown; error?: SchemaProblem[] | Error };

function fromFastifyValidator(validate: FastifyValidate, schema?: TSchema): CheckArguments {
  return (args) => {
    const value = args ?? {};
    const integer = integerProblem(schema, value);
    if (integer) return { error: describeProblem('arguments', integer) };
    const result = validate(value);
    if (result === true) return { value };
    if (typeof result === 'object' && !result.error) return { value: result.value ?? value };
    const errors = typeof result === 'object' ? result.error : (validate as AjvValidate).errors;
    return { error: describeProblems('arguments', Array.isArray(errors) ? errors : undefined) };
  };
}

let fastifyCompiler: ((route: { schema: TSchema }) => FastifyValidate) | undefined;

/** Checks arguments exactly as Fastify checks a query string: the same integer rule, compiler, options and schemas. */
export function queryRules(schema: TSchema): CheckArguments {
  return onFirstCheck(() => {
    fastifyCompiler ??= ajvCompiler()(
      Object.fromEntries(ALL_SCHEMAS.map((s) => [s.$id as string, s])),
      AJV_OPTIONS,
    ) as unknown as (route: { schema: TSchema }) => FastifyValidate;
    return fromFastifyValidator(fastifyCompiler({ schema }), schema);
  });
}

/** Checks arguments with a route's own body validator (e.g. the catalog's strict, no-coercion one). */
export function bodyRules(compiler: FastifySchemaCompiler<unknown>, schema: TSchema): CheckArguments {
  return onFirstCheck(() => {
    const validate = compiler({ schema, method: 'POST', url: '/mcp', httpPart: 'body' });
    return fromFastifyValidator(validate as FastifyValidate);
  });
}

/** The check compiled by its first call, not at start (as the routes' validators are). */
function onFirstCheck(compile: () => CheckArguments): CheckArguments {
  let check: CheckArguments | undefined;
  return (args) => {
    check ??= compile();
    return check(args);
  };
}

import AjvCompiler from '@fastify/ajv-compiler';
import type { TSchema } from '@sinclair/typebox';
import type { ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { ALL_SCHEMAS } from '../reads/reads.js';
import { AJV_OPTIONS } from '../schemas/ajv-options.js';

/** The arguments as the service takes them (coerced, defaults filled in), or what is wrong with them. */
export type CheckArguments = (args: unknown) => { value: unknown } | { error: string };

interface Problem {
  instancePath?: string;
  message?: string;
  params?: ErrorObject['params'];
}

/** `arguments/count must be <= 100`, naming an unknown argument too (Ajv's message does not). */
function describeProblem(problem: Problem | undefined): string {
  const path = `arguments${problem?.instancePath ?? ''}`;
  const unknown = problem?.params?.additionalProperty;
  const detail = unknown === undefined ? '' : `: ${JSON.stringify(String(unknown).slice(0, 100))}`;
  return `${path} ${problem?.message ?? 'is invalid'}${detail}`;
}

type AjvValidate = ((data: unknown) => boolean) & { errors?: Problem[] | null };
type FastifyValidate = (data: unknown) => boolean | { value?: unknown; error?: Problem[] | Error };

function fromFastifyValidator(validate: FastifyValidate): CheckArguments {
  return (args) => {
    const value = args ?? {};
    const result = validate(value);
    if (result === true) return { value };
    if (typeof result === 'object' && !result.error) return { value: result.value ?? value };
    const errors = typeof result === 'object' ? result.error : (validate as AjvValidate).errors;
    return { error: describeProblem(Array.isArray(errors) ? errors[0] : undefined) };
  };
}

let fastifyCompiler: ((route: { schema: TSchema }) => FastifyValidate) | undefined;

/** Checks arguments exactly as Fastify checks a query string: the same compiler, options and schemas. */
export function queryRules(schema: TSchema): CheckArguments {
  return onFirstCheck(() => {
    fastifyCompiler ??= AjvCompiler()(
      Object.fromEntries(ALL_SCHEMAS.map((s) => [s.$id as string, s])),
      AJV_OPTIONS,
    ) as unknown as (route: { schema: TSchema }) => FastifyValidate;
    return fromFastifyValidator(fastifyCompiler({ schema }));
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

import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import type { FastifySchemaCompiler } from 'fastify';
import { SearchRequest, ToolInfo } from './catalog.js';

/** Errors that only say the value is of another kind: a variant reporting one was not the one meant. */
const KIND_ERRORS = new Set<ValueErrorType>([
  ValueErrorType.Array,
  ValueErrorType.Boolean,
  ValueErrorType.Integer,
  ValueErrorType.Literal,
  ValueErrorType.Null,
  ValueErrorType.Number,
  ValueErrorType.Object,
  ValueErrorType.String,
]);

/**
 * The problem to report: for a union, the problem of the variant the value is of (a string over its
 * `maxLength` is "Expected string length less or equal to 512", not "Expected union value"), or the
 * kinds it may be ("Expected string or null").
 */
export function mostSpecific(error: ValueError): { path: string; message: string } {
  if (error.type !== ValueErrorType.Union) return error;
  const variants = error.errors.map((it) => it.First()).filter((e): e is ValueError => e !== undefined);
  const meant = variants.find((e) => !KIND_ERRORS.has(e.type) || e.path !== error.path);
  if (meant) return mostSpecific(meant);
  if (variants.length === 0) return error;
  const kinds = variants.map((e) => e.message.replace(/^Expected /, ''));
  return { path: error.path, message: `Expected ${kinds.join(' or ')}` };
}

/**
 * Validates a JSON body exactly as sent (no type coercion, unlike the querystring) and reports the first
 * problem only, so a body with 5,000 bad items still gets a short 400 naming the item.
 */
export function strictBodyValidator(references: TSchema[]): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return () => true;
    let check: ReturnType<typeof TypeCompiler.Compile> | undefined;
    return (value: unknown) => {
      check ??= TypeCompiler.Compile(schema as TSchema, references);
      if (check.Check(value)) return { value };
      const first = check.Errors(value).First();
      const problem = first ? mostSpecific(first) : { path: '', message: 'is invalid' };
      return { error: [{ message: problem.message, instancePath: problem.path }] as never };
    };
  };
}

/** The validator of the catalog's JSON body: POST /catalog/search and the search_tools MCP tool. */
export const catalogBodyValidator = strictBodyValidator([ToolInfo, SearchRequest]);

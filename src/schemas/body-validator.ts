import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifySchemaCompiler } from 'fastify';
import { SearchRequest, ToolInfo } from './catalog.js';

/**
 * Validates a JSON body exactly as sent (no type coercion, unlike the querystring) and reports the first
 * problem only, so a body with 5,000 bad items still gets a short 400 naming the item.
 */
export function strictBodyValidator(references: TSchema[]): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return () => true;
    const check = TypeCompiler.Compile(schema as TSchema, references);
    return (value: unknown) => {
      if (check.Check(value)) return { value };
      const first = check.Errors(value).First();
      return {
        error: [{ message: first?.message ?? 'is invalid', instancePath: first?.path ?? '' }] as never,
      };
    };
  };
}

/** The validator of the catalog's JSON body: POST /catalog/search and the search_tools MCP tool. */
export const catalogBodyValidator = strictBodyValidator([ToolInfo, SearchRequest]);

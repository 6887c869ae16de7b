import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifySchemaCompiler } from 'fastify';
import { SearchRequest, ToolInfo } from './catalog.js';
import { mostSpecific } from './typebox-problem.js';

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
      const problem = first ? mostSpecific(first) : { instancePath: '', message: 'is invalid' };
      return { error: [problem] as never };
    };
  };
}

/** The validator of the catalog's JSON body: POST /catalog/search and the search_tools MCP tool. */
export const catalogBodyValidator = strictBodyValidator([ToolInfo, SearchRequest]);

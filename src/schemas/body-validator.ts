import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import type { FastifySchemaCompiler } from 'fastify';
import { SearchRequest, ToolInfo } from './catalog.js';
import type { SchemaProblem } from './validation-message.js';

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

/** TypeBox's error kinds by the JSON Schema keyword that failed (Ajv's name for it). */
const KEYWORDS: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.ArrayMaxItems]: 'maxItems',
  [ValueErrorType.ArrayMinItems]: 'minItems',
  [ValueErrorType.IntegerMaximum]: 'maximum',
  [ValueErrorType.IntegerMinimum]: 'minimum',
  [ValueErrorType.NumberMaximum]: 'maximum',
  [ValueErrorType.NumberMinimum]: 'minimum',
  [ValueErrorType.StringFormat]: 'format',
  [ValueErrorType.StringMaxLength]: 'maxLength',
  [ValueErrorType.StringMinLength]: 'minLength',
  [ValueErrorType.StringPattern]: 'pattern',
  [ValueErrorType.Literal]: 'const',
  [ValueErrorType.Array]: 'type',
  [ValueErrorType.Boolean]: 'type',
  [ValueErrorType.Integer]: 'type',
  [ValueErrorType.Null]: 'type',
  [ValueErrorType.Number]: 'type',
  [ValueErrorType.Object]: 'type',
  [ValueErrorType.String]: 'type',
};

/** `/tools/0/toolKey` → `['/tools/0', 'toolKey']` (JSON pointer escapes undone). */
function splitLast(path: string): [string, string] {
  const at = path.lastIndexOf('/');
  return [
    path.slice(0, at),
    path
      .slice(at + 1)
      .replaceAll('~1', '/')
      .replaceAll('~0', '~'),
  ];
}

/** One TypeBox error in Ajv's terms, so one function words REST and MCP problems alike. */
function toProblem(error: ValueError): SchemaProblem {
  const schema = error.schema as unknown as Record<string, unknown>;
  if (error.type === ValueErrorType.ObjectRequiredProperty) {
    const [parent, name] = splitLast(error.path);
    return { keyword: 'required', instancePath: parent, params: { missingProperty: name } };
  }
  if (error.type === ValueErrorType.ObjectAdditionalProperties) {
    const [parent, name] = splitLast(error.path);
    return {
      keyword: 'additionalProperties',
      instancePath: parent,
      params: { additionalProperty: name },
      parentSchema: schema,
    };
  }
  const keyword = KEYWORDS[error.type];
  if (keyword) return { keyword, instancePath: error.path, params: {}, parentSchema: schema };
  return { instancePath: error.path, message: error.message };
}

/**
 * The problem to report: for a union, the problem of the variant the value is of (a string over its
 * `maxLength` is that string's length, not "Expected union value"), or the kinds it may be (a string or
 * null).
 */
export function mostSpecific(error: ValueError): SchemaProblem {
  if (error.type !== ValueErrorType.Union) return toProblem(error);
  const variants = error.errors.map((it) => it.First()).filter((e): e is ValueError => e !== undefined);
  const meant = variants.find((e) => !KIND_ERRORS.has(e.type) || e.path !== error.path);
  if (meant) return mostSpecific(meant);
  if (variants.length === 0) return toProblem(error);
  const kinds = variants.map((e) => (e.schema as { type?: unknown }).type);
  return { keyword: 'type', instancePath: error.path, params: { type: kinds }, parentSchema: {} };
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
      const problem = first ? mostSpecific(first) : { instancePath: '', message: 'is invalid' };
      return { error: [problem] as never };
    };
  };
}

/** The validator of the catalog's JSON body: POST /catalog/search and the search_tools MCP tool. */
export const catalogBodyValidator = strictBodyValidator([ToolInfo, SearchRequest]);

import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
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
  // Ajv's params for the keywords whose words name them (the pattern or format a string failed).
  const params = { pattern: schema.pattern, format: schema.format };
  if (keyword) return { keyword, instancePath: error.path, params, parentSchema: schema };
  return { instancePath: error.path, message: error.message };
}

/**
 * The problem to report: for a union, the problem of the variant the value is of (a string over its
 * `maxLength` is that string's length, not "Expected union value"), or the kinds it may be (a string or
 * null).
 */
export function mostSpecific(error: ValueError): SchemaProblem {
  if (error.type !== ValueErrorType.Union) return toProblem(error);
  const literals = (error.schema as { anyOf?: { const?: unknown }[] }).anyOf ?? [];
  if (literals.length > 0 && literals.every((v) => typeof v.const === 'string'))
    return {
      keyword: 'enum',
      instancePath: error.path,
      parentSchema: { enum: literals.map((v) => v.const) },
    };
  const variants = error.errors.map((it) => it.First()).filter((e): e is ValueError => e !== undefined);
  const meant = variants.find((e) => !KIND_ERRORS.has(e.type) || e.path !== error.path);
  if (meant) return mostSpecific(meant);
  if (variants.length === 0) return toProblem(error);
  const kinds = variants.map((e) => (e.schema as { type?: unknown }).type);
  return { keyword: 'type', instancePath: error.path, params: { type: kinds }, parentSchema: {} };
}

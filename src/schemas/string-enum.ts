import { type SchemaOptions, type TUnsafe, Type } from '@sinclair/typebox';

/** A string enum as a plain JSON-schema `enum` (clear validation messages, clean OpenAPI). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

import { Type, type Static, type TSchema } from '@sinclair/typebox';

export const MessageError = Type.Object({ message: Type.String() }, { $id: 'MessageError', description: 'Error of a management endpoint' });
export const DetailError = Type.Object({ detail: Type.String() }, { $id: 'DetailError', description: 'Error of a result endpoint' });

/**
 * `type: [T, 'null']` rather than anyOf: validation errors then read "must be integer or null"
 * instead of naming one branch, and OpenAPI 3.1 documents it as-is.
 */
export const Nullable = <T extends TSchema>(schema: T) =>
  typeof schema.type === 'string'
    // An enum lists null too, or the type would let null through only to have the enum refuse it.
    ? Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) })
    : Type.Unsafe<Static<T> | null>({ anyOf: [schema, { type: 'null' }] });

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Positive integer id' }),
}, { additionalProperties: false });

/** A string enum as plain JSON Schema `enum` (TypeBox literal unions become anyOf/const, which explain themselves badly). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const Side = StringEnum(['home', 'away']);
export const LeftStartTeam = StringEnum(['home', 'away', 'unknown']);

/** Error responses every authenticated management route can give. */
export function managementErrors(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const s of [401, 422, 429, ...statuses]) out[s] = { $ref: 'MessageError#' };
  return out;
}

/**
 * The operations of the service's OpenAPI document, as the fuzzer needs them: where each parameter
 * goes, the JSON body's schema, the error family (from the 4xx responses' `$ref`) and how it is
 * authenticated. Component `$ref`s are resolved lazily by the value generators.
 */
export type JsonSchema = Record<string, unknown>;
export type Family = 'management' | 'results';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** `/v1/videos/{id}` */
  template: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  family: Family;
  auth: 'bearer' | 'embed' | 'none';
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, {
    parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
    security?: Record<string, unknown>[];
  }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const refs = Object.entries(op.responses ?? {})
        .filter(([status]) => status.startsWith('4'))
        .map(([, r]) => r.content?.['application/json']?.schema?.$ref ?? '');
      const security = op.security;
      out.push({
        method: method.toUpperCase(),
        template,
        parameters: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, in: p.in as 'path' | 'query', required: p.in === 'path' || p.required === true, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        family: refs.some((r) => r.endsWith('DetailError')) ? 'results' : 'management',
        auth: security === undefined ? 'bearer' : security.some((s) => 'embedToken' in s) ? 'embed' : security.length === 0 ? 'none' : 'bearer',
      });
    }
  }
  return out;
}

/** A `$ref` to `#/components/schemas/X` replaced by X (one level; the generators call it at each node). */
export function resolveRef(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, '');
  return doc.components?.schemas?.[name] ?? {};
}

import { CONDITION_OPS, FILTER_CATALOGUE, type FilterDescription, type FilterParameter } from '../../../engine/api.js';

/**
 * The query-intervals filters as JSON Schema for the OpenAPI document: one object per filter type with
 * its parameters, from FILTER_CATALOGUE (the single source the schema endpoint and the validator read).
 * Validation stays in engine/metrics/query-validate.ts, whose messages name the field; the request
 * schema only asks for a known `type`, so this is documentation for clients and generated tests.
 */
function parameterSchema(p: FilterParameter): Record<string, unknown> {
  const base: Record<string, unknown> = (() => {
    switch (p.type) {
      case 'number': return { type: 'number' };
      case 'integer': return { type: 'integer' };
      case 'boolean': return { type: 'boolean' };
      case 'string': return p.enum ? { type: 'string', enum: [...p.enum] } : { type: 'string' };
      case 'string[]': return { type: 'array', minItems: 1, items: p.enum ? { type: 'string', enum: [...p.enum] } : { type: 'string' } };
      case 'condition[]': return {
        type: 'array',
        items: {
          type: 'object', required: ['property', 'op', 'value'], additionalProperties: false,
          properties: { property: { type: 'string' }, op: { type: 'string', enum: [...CONDITION_OPS] }, value: {} },
        },
      };
    }
  })();
  const schema: Record<string, unknown> = { ...base, description: p.description };
  if (p.default !== undefined) schema.default = p.default;
  // Null stands for "omitted" on an optional parameter.
  if (!p.required && typeof base.type === 'string') schema.type = [base.type, 'null'];
  return schema;
}

export function filterSchema(d: FilterDescription): Record<string, unknown> {
  const properties: Record<string, unknown> = { type: { type: 'string', enum: [d.type] } };
  for (const p of d.parameters) properties[p.name] = parameterSchema(p);
  return {
    type: 'object', title: d.type, description: d.description, additionalProperties: false,
    required: ['type', ...d.parameters.filter((p) => p.required).map((p) => p.name)],
    properties,
  };
}

/** `filters[]` of POST /analyses/{id}/query-intervals, one branch per filter type. */
export function filterItemsSchema(): Record<string, unknown> {
  return { oneOf: FILTER_CATALOGUE.map(filterSchema), discriminator: { propertyName: 'type' } };
}

/** One property of an event type, as the schema endpoint lists it (spec 2.8 `event_types[type].properties`). */
export interface PropertySpec {
  name: string;
  type: 'str' | 'int32' | 'float32' | 'bool';
  enum?: string[];
  description: string;
}

type Value = string | number | boolean | null;

/** The event's own fields the catalogue lists beside its properties (for the filters): not edited as properties. */
const OWN_FIELDS = new Set(['confidence_detection', 'confidence_event']);

/** The properties an analyst edits for an event type. */
export function editableProperties(specs: readonly PropertySpec[] | undefined): PropertySpec[] {
  return (specs ?? []).filter((p) => !OWN_FIELDS.has(p.name));
}

/** A property value as its field shows it ('' for none). */
export function propertyText(value: Value | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A field's text as the property's value: null for '', undefined when it cannot be one of its type. */
export function propertyValue(spec: PropertySpec, text: string): Value | undefined {
  const s = text.trim();
  if (s === '') return null;
  if (spec.type === 'bool') return s === 'true' ? true : s === 'false' ? false : undefined;
  if (spec.type === 'str') return spec.enum && !spec.enum.includes(s) ? undefined : s;
  const n = Number(s.replace(',', '.'));
  if (!Number.isFinite(n)) return undefined;
  return spec.type === 'int32' ? (Number.isInteger(n) ? n : undefined) : n;
}

/**
 * The properties to save: the event's own, with the fields of the type's properties laid over (a field
 * left as it was is not touched); null when nothing changed, 'invalid' when a field cannot be read.
 */
export function changedProperties(
  specs: readonly PropertySpec[], before: Readonly<Record<string, Value>>, texts: Readonly<Record<string, string>>,
): Record<string, Value> | null | 'invalid' {
  const out: Record<string, Value> = { ...before };
  let changed = false;
  for (const spec of specs) {
    const text = texts[spec.name];
    if (text === undefined || text === propertyText(before[spec.name])) continue;
    const value = propertyValue(spec, text);
    if (value === undefined) return 'invalid';
    if (value === null && !(spec.name in before)) continue;
    out[spec.name] = value;
    changed = true;
  }
  return changed ? out : null;
}

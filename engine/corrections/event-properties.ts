import { PLAYER_ID_PATTERN } from '../results/analysis-facts.js';
import { EVENT_CATALOGUE, type EventType, type ResultEvent } from '../results/result-events.js';

type Properties = ResultEvent['properties'];

/** The event's own fields the catalogue lists beside its properties (for the filters): never properties. */
const OWN_FIELDS = new Set(['confidence_detection', 'confidence_event']);

const KIND: Record<string, string> = { str: 'a string', int32: 'a whole number', float32: 'a number', bool: 'true or false' };

/**
 * Why properties an analyst gives an event of `type` do not fit the schema endpoint's catalogue (spec
 * 2.8 `event_types[type].properties`), or null: every name one of the type's, every value of its type
 * (or null), an enum's value one of its values, a `*_player_id` of the `<team>-<jersey>` form. Only the
 * names whose value differs from `before` (the event's properties now) are checked: what the engine
 * wrote stands.
 */
export function propertiesProblem(type: EventType, properties: Properties, before: Properties = {}): string | null {
  const specs = EVENT_CATALOGUE[type].properties.filter((p) => !OWN_FIELDS.has(p.name));
  for (const [name, value] of Object.entries(properties)) {
    if (Object.hasOwn(before, name) && before[name] === value) continue;
    const spec = specs.find((p) => p.name === name);
    if (!spec) return `a ${type} has no property ${JSON.stringify(name)} (its properties: ${specs.map((p) => p.name).join(', ')})`;
    if (value === null) continue;
    const fits = spec.type === 'bool' ? typeof value === 'boolean'
      : spec.type === 'str' ? typeof value === 'string'
        : typeof value === 'number' && Number.isFinite(value) && (spec.type === 'float32' || Number.isInteger(value));
    if (!fits) return `property ${name} of a ${type} must be ${KIND[spec.type]} or null`;
    if (spec.enum && !spec.enum.includes(value as string)) return `property ${name} of a ${type} must be one of ${spec.enum.join(', ')}`;
    if (name.endsWith('player_id') && !PLAYER_ID_PATTERN.test(value as string)) return `property ${name} must be a player id <team>-<jersey> (e.g. 0-10, 1-GK), not ${JSON.stringify(value)}`;
  }
  return null;
}

/** An event's properties once its type changes: those the new type also has. */
export function propertiesOfType(type: EventType, properties: Properties): Properties {
  const names = new Set(EVENT_CATALOGUE[type].properties.map((p) => p.name));
  return Object.fromEntries(Object.entries(properties).filter(([name]) => names.has(name)));
}

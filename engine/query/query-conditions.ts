import type { PropertySpec, ResultEvent } from '../results/result-events.js';
import { isReversed, type AttackingDirection } from '../metrics/attacking-direction.js';
import {
  CONDITION_OPS, QueryError, type ConditionScalar, type CoordinateFrame, type PropertyCondition,
} from './query-types.js';

/**
 * Property conditions of the `event_property` filter: checked against EVENT_CATALOGUE (unknown properties,
 * ops that do not fit the type and out-of-enum values are refused), then compiled into one predicate.
 *
 * Semantics: `eq`/`ne`/`in` compare exactly, and null matches a missing or null property (so
 * `receiver_player_id eq null` finds passes to an unknown receiver); `ne` holds whenever the values differ,
 * missing included. `gt`/`gte`/`lt`/`lte` hold only for numeric properties that have a value.
 * Coordinates (x, y, x_target, y_target) are compared in the query's coordinate frame: in `attacking`
 * the event's team attacks towards x = 105 (QRY-12), and an event without a team matches no coordinate
 * condition, because its frame is unknown.
 */

const ORDERING = new Set(['gt', 'gte', 'lt', 'lte']);
const X_COORDS = new Set(['x', 'x_target']);
const Y_COORDS = new Set(['y', 'y_target']);

function fail(message: string): never {
  throw new QueryError(message);
}

export function validateConditions(conditions: readonly PropertyCondition[], specs: readonly PropertySpec[], eventType: string, at: string): void {
  conditions.forEach((c, i) => {
    const here = `${at}[${i}]`;
    const spec = specs.find((s) => s.name === c.property);
    if (spec === undefined) {
      fail(`${here}.property '${String(c.property)}' is not a property of ${eventType} events; one of ${specs.map((s) => s.name).join(', ')}`);
    }
    if (!(CONDITION_OPS as readonly string[]).includes(c.op)) fail(`${here}.op '${String(c.op)}' is not one of ${CONDITION_OPS.join(', ')}`);
    const numeric = spec.type === 'int32' || spec.type === 'float32';
    if (ORDERING.has(c.op) && !numeric) fail(`${here}.op '${c.op}' does not apply to ${spec.type} property '${spec.name}' (use eq, ne or in)`);
    if (c.op === 'in') {
      if (!Array.isArray(c.value) || c.value.length === 0) fail(`${here}.value must be a non-empty array for op in`);
      c.value.forEach((v, k) => checkScalar(v, spec, `${here}.value[${k}]`, true));
    } else {
      if (Array.isArray(c.value)) fail(`${here}.value must be a single value for op ${c.op} (arrays go with op in)`);
      checkScalar(c.value as ConditionScalar, spec, `${here}.value`, !ORDERING.has(c.op));
    }
  });
}

function checkScalar(v: ConditionScalar, spec: PropertySpec, at: string, nullAllowed: boolean): void {
  if (v === null) {
    if (!nullAllowed) fail(`${at} must be a number`);
    return;
  }
  if (spec.type === 'bool') {
    if (typeof v !== 'boolean') fail(`${at} must be true or false (${spec.name} is a boolean)`);
  } else if (spec.type === 'str') {
    if (typeof v !== 'string') fail(`${at} must be a string (${spec.name} is a string)`);
    if (spec.enum !== undefined && !spec.enum.includes(v)) fail(`${at} '${v}' is not a valid ${spec.name}; one of ${spec.enum.join(', ')}`);
  } else if (typeof v !== 'number' || !Number.isFinite(v)) {
    fail(`${at} must be a number (${spec.name} is a ${spec.type})`);
  } else if (spec.type === 'int32' && !Number.isInteger(v)) {
    fail(`${at} must be an integer (${spec.name} is an int32)`);
  }
}

type Getter = (e: ResultEvent) => ConditionScalar | undefined;

function getter(property: string, frame: CoordinateFrame, direction: AttackingDirection): Getter {
  if (property === 'confidence_detection') return (e) => e.confidence_detection;
  if (property === 'confidence_event') return (e) => e.confidence_event;
  const mirrorOf = X_COORDS.has(property) ? 105 : Y_COORDS.has(property) ? 68 : null;
  if (frame === 'camera' || mirrorOf === null) return (e) => e.properties[property];
  return (e) => {
    const v = e.properties[property];
    if (typeof v !== 'number' || e.team === null) return v;
    return isReversed(direction, e.team, e.start_ms) ? mirrorOf - v : v;
  };
}

const isCoordinate = (property: string): boolean => X_COORDS.has(property) || Y_COORDS.has(property);

/** One predicate for all conditions (AND); an empty list accepts every event. */
export function compileConditions(conditions: readonly PropertyCondition[], frame: CoordinateFrame, direction: AttackingDirection): (e: ResultEvent) => boolean {
  const tests = conditions.map((c): ((e: ResultEvent) => boolean) => {
    const test = compileOne(c, getter(c.property, frame, direction));
    return frame === 'attacking' && isCoordinate(c.property) ? (e) => e.team !== null && test(e) : test;
  });
  return (e) => tests.every((t) => t(e));
}

function compileOne(c: PropertyCondition, get: Getter): (e: ResultEvent) => boolean {
  const value = c.value;
  switch (c.op) {
    case 'eq': return (e) => (get(e) ?? null) === value;
    case 'ne': return (e) => (get(e) ?? null) !== value;
    case 'in': {
      const set = new Set(value as ConditionScalar[]);
      return (e) => set.has(get(e) ?? null);
    }
    case 'gt': return (e) => num(get(e)) > (value as number);
    case 'gte': return (e) => num(get(e)) >= (value as number);
    case 'lt': return (e) => num(get(e)) < (value as number);
    case 'lte': return (e) => num(get(e)) <= (value as number);
  }
}

/** A numeric value or NaN, which fails every comparison. */
const num = (v: ConditionScalar | undefined): number => (typeof v === 'number' ? v : Number.NaN);

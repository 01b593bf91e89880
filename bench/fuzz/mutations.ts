import fc from 'fast-check';
import { RawNumber, type FuzzValue } from './raw-json.js';

/** Numbers JSON can write but no field should take, and numbers only raw text can carry. */
const NUMBERS: FuzzValue[] = [
  new RawNumber('1e400'), new RawNumber('-1e400'), new RawNumber('-0'), new RawNumber('9223372036854775808'),
  new RawNumber('18446744073709551616'), new RawNumber('1e-400'), new RawNumber('9007199254740993'),
  -1, 0, 1.5, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER, 1e21,
];

/** Strings that have broken parsers, paths, SQL and logs elsewhere. */
const STRINGS: FuzzValue[] = [
  '', ' ', '\u0000', 'a\u0000b', '\u001b[31mred', '\r\nX-Injected: 1', '\u202eevil', '\ud83d\ude00'.repeat(60), '\ud800',
  'a'.repeat(5000), '../../../../etc/passwd', '..\\..\\windows', '%2e%2e%2f%2e%2e%2f', 'file:///etc/passwd', 'http://169.254.169.254/',
  "'; DROP TABLE videos; --", '<script>alert(1)</script>', '${jndi:x}', 'team_a', 'team_0', 'home', 'NaN', 'Infinity', '1e400', '0x10',
  '\uff11\uff12', 'null', '[]', '{}', '2026-02-30', '0-', '-GK', '9-99',
];

const WRONG_TYPES: FuzzValue[] = [null, true, false, 0, [], {}, [1, 2], { a: 1 }, [null], [[]], { '': '' }, { __proto__x: 1 }];

function nested(depth: number, asArray: boolean): FuzzValue {
  let v: FuzzValue = 1;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
}

export const mutantValue: fc.Arbitrary<FuzzValue> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(200, true), nested(200, false), nested(3000, true)) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...STRINGS), { minLength: 1, maxLength: 3 }) },
);

export type MutationKind = 'replace' | 'delete' | 'unknown-field' | 'wrap' | 'unwrap';
// Wrapping a value in an array and unwrapping an array to its first item are the JSON type errors a
// careless script makes most (`"teams": "team_0"`), so they weigh as much as a replacement.
export const mutationKind: fc.Arbitrary<MutationKind> = fc.constantFrom('replace', 'replace', 'delete', 'unknown-field', 'wrap', 'wrap', 'unwrap', 'unwrap');

type Path = (string | number)[];

/** Places to mutate, down to a depth where the schemas end (a deliberately deep value stays whole). */
function pathsOf(value: FuzzValue, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length >= 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value !== null && typeof value === 'object' && !(value instanceof RawNumber)) {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  }
  return out;
}

function edit(value: FuzzValue, path: Path, change: (v: FuzzValue) => FuzzValue | undefined): FuzzValue {
  if (path.length === 0) return change(value) ?? null;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = rest.length === 0 ? change(copy[head as number] as FuzzValue) : edit(copy[head as number] as FuzzValue, rest, change);
    if (next === undefined) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const obj = { ...(value as Record<string, FuzzValue>) };
  const next = rest.length === 0 ? change(obj[head] as FuzzValue) : edit(obj[head] as FuzzValue, rest, change);
  if (next === undefined) delete obj[head];
  else obj[head] = next;
  return obj;
}

/** One structural change at the `index`-th place of the value (its root included). */
export function mutate(value: FuzzValue, index: number, kind: MutationKind, mutant: FuzzValue): FuzzValue {
  const paths = pathsOf(value);
  const path = paths[index % paths.length] as Path;
  switch (kind) {
    case 'replace': return edit(value, path, () => mutant);
    case 'delete': return path.length === 0 ? mutant : edit(value, path, () => undefined);
    case 'unknown-field': return edit(value, path, (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RawNumber)
      ? { ...v, unexpected_field: mutant } : mutant));
    case 'wrap': return edit(value, path, (v) => [v]);
    case 'unwrap': return edit(value, path, (v) => (Array.isArray(v) ? (v[0] ?? null) : mutant));
  }
}

/** A path parameter that is not a valid id: absent ids, other spellings, traversal and encoding tricks. */
export const mutantPathSegment: fc.Arbitrary<string> = fc.constantFrom(
  '0', '-1', '999999', '1.0', '1e3', '0x1', '+1', '%201', '01', '9007199254740992', '99999999999999999999', 'NaN', 'null', 'undefined',
  '..', '%2e%2e', '%2E%2E%2F%2E%2E', '.%2e', '%2F', 'a%2Fb', '%00', '%', '%zz', '%E0%A4%A', '%C0%AE', '%u002e', '%ff%fe',
  encodeURIComponent('\ud83d\ude00'), encodeURIComponent('é'), 'x'.repeat(99), 'x'.repeat(101), 'x'.repeat(5000), 'team_2', '2-10', '0-', 'GK',
  '__proto__', 'constructor', '%3Cscript%3E',
);

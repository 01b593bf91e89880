/**
 * JSON text with numbers JSON.stringify cannot write: `1e400` (parses to Infinity), `-0`, 2^63 written
 * out, `NaN` (not JSON at all). A generated value holds them as RawNumber leaves.
 */
export class RawNumber {
  constructor(readonly text: string) {}
}

export type FuzzValue = null | boolean | number | string | RawNumber | FuzzValue[] | { [key: string]: FuzzValue };

export function toJsonText(value: FuzzValue): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The value as a query or path string: raw numbers as their text, objects and arrays as JSON. */
export function toParamText(value: FuzzValue): string {
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'string') return value;
  return toJsonText(value);
}

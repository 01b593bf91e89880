/**
 * A JSON value as an error message shows it: strings quoted (cut at 40 characters), arrays and objects
 * named, everything else as written. Shared by the query validator and the service's request validator,
 * so a client reads the same words for the same mistake in either.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

import { CliError } from './cli-error.js';

/** A filter type with its parameters, as the schema endpoint publishes them (`filters`). */
export interface FilterSpec {
  type: string;
  parameters: { name: string; type: string }[];
}

function parseValue(filter: string, name: string, type: string, raw: string): unknown {
  switch (type) {
    case 'number':
    case 'integer': {
      const n = Number(raw);
      if (raw === '' || !Number.isFinite(n)) throw new CliError(`--filter ${filter}: ${name} must be a number, got '${raw}'`);
      return n;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw new CliError(`--filter ${filter}: ${name} must be true or false, got '${raw}'`);
      return raw === 'true';
    case 'string[]':
      return raw.split(',').map((v) => v.trim()).filter(Boolean);
    case 'condition[]':
      try {
        const value = JSON.parse(raw) as unknown;
        if (Array.isArray(value)) return value;
      } catch { /* the message below says what is expected */ }
      throw new CliError(`--filter ${filter}: ${name} must be a JSON array of { property, op, value }, got '${raw}'`);
    default:
      return raw;
  }
}

/**
 * One `--filter` of `touchline query`: either the API's JSON object (`{"type":"team_possession",...}`), or
 * the short form `TYPE key=value key=v1,v2 ...`, typed by the schema endpoint's catalogue, so numbers,
 * booleans and lists reach the API as such. Anything else is left for the API to judge (enums, ranges).
 */
export function parseFilter(text: string, catalogue: FilterSpec[]): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (e) {
      throw new CliError(`--filter is not valid JSON: ${(e as Error).message}`);
    }
    if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
      throw new CliError('--filter as JSON must be an object with a "type"');
    }
    return value as Record<string, unknown>;
  }
  const [type, ...pairs] = trimmed.split(/\s+/);
  const spec = catalogue.find((f) => f.type === type);
  if (!type || !spec) throw new CliError(`--filter: unknown filter type '${type ?? ''}'; one of ${catalogue.map((f) => f.type).join(', ')}`);
  const filter: Record<string, unknown> = { type };
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = eq > 0 ? pair.slice(0, eq) : pair;
    const param = spec.parameters.find((p) => p.name === name);
    if (eq <= 0 || !param) {
      throw new CliError(`--filter ${type}: '${pair}' is not key=value with a key of ${spec.parameters.map((p) => p.name).join(', ')}`);
    }
    filter[name] = parseValue(type, name, param.type, pair.slice(eq + 1));
  }
  return filter;
}

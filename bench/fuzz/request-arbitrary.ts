import fc from 'fast-check';
import type { Family, JsonSchema, OpenApiDocument, Operation } from './openapi-operations.js';
import { mutantPathSegment, mutantValue, mutate, mutationKind } from './mutations.js';
import { toJsonText, toParamText, type FuzzValue } from './raw-json.js';
import { validValue, type Pools } from './value-arbitraries.js';

/** One HTTP request as sent: the raw path (already percent-encoded as the fuzzer chose), headers, body. */
export interface FuzzRequest {
  /** `GET /v1/videos/{id}`: the operation it was made from (or `unrouted`). */
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
  /** The error shape a 4xx must have. */
  family: Family;
}

export interface Credentials {
  apiToken: string;
  embedToken: string;
}

const BODY_LIMIT_OVER = 1_100_000;

/** Percent-encoding of the UTF-8 bytes, lone surrogates included (encodeURIComponent throws on them). */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function poolFor(op: Operation, param: string, pools: Pools): (number | string)[] {
  const destructive = op.method === 'DELETE';
  if (param === 'player_id') return pools.playerIds;
  if (param === 'team') return ['team_0', 'team_1'];
  if (param === 'index') return [0, 1, 4];
  if (param === 'video_id' || op.template.startsWith('/v1/videos/')) return destructive ? pools.disposableVideoIds : pools.videoIds;
  if (op.template.startsWith('/v1/analyses/')) return pools.analysisIds;
  if (op.template.startsWith('/v1/webhooks/')) return destructive ? pools.disposableWebhookIds : pools.webhookIds;
  return [];
}

function pathArb(op: Operation, doc: OpenApiDocument, pools: Pools): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'path');
  const segments = params.map((p) => {
    const pool = poolFor(op, p.name, pools);
    const valid = pool.length > 0 ? fc.constantFrom(...pool) : validValue(p.schema, doc, pools, p.name);
    return fc.oneof(
      { weight: 7, arbitrary: valid.map((v) => percentEncode(toParamText(v as FuzzValue))) },
      { weight: 3, arbitrary: mutantPathSegment },
    );
  });
  return fc.tuple(...segments).map((values) => {
    let path = op.template;
    params.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i] as string)));
    return path;
  });
}

function queryArb(op: Operation, doc: OpenApiDocument, pools: Pools): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const pairs = params.map((p) => fc.oneof(
    { weight: p.required ? 0 : 3, arbitrary: fc.constant<[string, string] | null>(null) },
    { weight: 5, arbitrary: validValue(p.schema, doc, pools, p.name).map((v): [string, string] => [p.name, toParamText(v)]) },
    { weight: 2, arbitrary: mutantValue.map((v): [string, string] => [p.name, toParamText(v)]) },
  ));
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: fc.constant<[string, string][]>([['unexpected', '1']]) },
    { weight: 1, arbitrary: fc.constant<[string, string][]>(params.length ? [[params[0]!.name, '1'], [params[0]!.name, '2']] : []) },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const all = [...chosen.filter((x): x is [string, string] => x !== null), ...more];
    return all.length ? `?${all.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&')}` : '';
  });
}

type Body = { text: string | null; contentType: string | null };

function bodyArb(schema: JsonSchema, doc: OpenApiDocument, pools: Pools): fc.Arbitrary<Body> {
  const valid = validValue(schema, doc, pools);
  const json = (v: FuzzValue): Body => ({ text: toJsonText(v), contentType: 'application/json' });
  const mutated = fc.tuple(valid, fc.nat(), mutationKind, mutantValue).map(([v, i, kind, m]) => json(mutate(v, i, kind, m)));
  const twice = fc.tuple(mutated, fc.nat(), mutationKind, mutantValue).map(([b, i, kind, m]) => json(mutate(JSON.parse(b.text as string) as FuzzValue, i, kind, m)));
  const raw = fc.constantFrom<Body>(
    { text: null, contentType: null },
    { text: '', contentType: 'application/json' },
    { text: '{', contentType: 'application/json' },
    { text: '{"a":1,}', contentType: 'application/json' },
    { text: '\ufeff{}', contentType: 'application/json' },
    { text: 'NaN', contentType: 'application/json' },
    { text: '{"__proto__":{"polluted":1}}', contentType: 'application/json' },
    { text: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
    { text: '{}', contentType: 'text/plain' },
    { text: '<x/>', contentType: 'application/xml' },
    { text: 'a=1', contentType: 'application/x-www-form-urlencoded' },
    { text: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
    { text: '{}', contentType: 'application/json; charset=utf-16' },
    { text: '{}', contentType: 'application/json; foo' },
  );
  const oversized = fc.constant<Body>({ text: `{"pad":"${'x'.repeat(BODY_LIMIT_OVER)}"}`, contentType: 'application/json' });
  return fc.oneof(
    { weight: 8, arbitrary: valid.map(json) },
    { weight: 6, arbitrary: mutated },
    { weight: 4, arbitrary: twice },
    { weight: 2, arbitrary: mutantValue.map(json) },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.oneof({ weight: 9, arbitrary: raw }, { weight: 1, arbitrary: oversized }) },
  );
}

function authArb(op: Operation, creds: Credentials): fc.Arbitrary<Record<string, string>> {
  const bad = fc.constantFrom<Record<string, string>>(
    {}, { authorization: 'Bearer' }, { authorization: 'Bearer tl_nope_nope' }, { authorization: 'Basic dXNlcjpwYXNz' },
    { authorization: `Bearer ${creds.apiToken}x` }, { authorization: `bearer  ${creds.apiToken}` }, { authorization: 'Bearer ' + 'a'.repeat(4000) },
    { 'x-embed-token': 'tle_nope' }, { 'x-embed-token': creds.apiToken }, { authorization: `Bearer ${creds.embedToken}` },
  );
  const good: Record<string, string> = op.auth === 'embed' ? { 'x-embed-token': creds.embedToken } : op.auth === 'bearer' ? { authorization: `Bearer ${creds.apiToken}` } : {};
  return fc.oneof({ weight: 9, arbitrary: fc.constant(good) }, { weight: 1, arbitrary: bad });
}

const extraHeaders = fc.oneof(
  { weight: 30, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 2, arbitrary: fc.constantFrom<Record<string, string>>({ range: 'bytes=0-99' }, { range: 'bytes=-5' }, { range: 'bytes=999999999-' }, { range: 'bytes=5-1' }, { range: 'chars=0-1' }, { range: 'bytes=0-1,3-4' }) },
  { weight: 2, arbitrary: fc.constantFrom<Record<string, string>>({ host: 'evil.example' }, { host: '127.0.0.1.evil.example:7425' }, { host: '' }, { host: 'localhost:1' }) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ accept: 'text/html' }, { 'accept-encoding': 'gzip, br' }, { 'if-range': 'x' }, { 'x-forwarded-for': '10.0.0.1' }) },
  { weight: 1, arbitrary: fc.constant<Record<string, string>>({ 'x-filler': 'h'.repeat(20_000) }) },
);

export function operationRequest(op: Operation, doc: OpenApiDocument, pools: Pools, creds: Credentials): fc.Arbitrary<FuzzRequest> {
  const body: fc.Arbitrary<Body> = op.body ? bodyArb(op.body, doc, pools) : fc.oneof(
    { weight: 9, arbitrary: fc.constant<Body>({ text: null, contentType: null }) },
    { weight: 1, arbitrary: fc.constant<Body>({ text: '{"unexpected":true}', contentType: 'application/json' }) },
  );
  return fc.tuple(pathArb(op, doc, pools), queryArb(op, doc, pools), body, authArb(op, creds), extraHeaders).map(([path, query, b, auth, extra]) => {
    const headers: Record<string, string> = { ...auth, ...extra };
    if (b.contentType !== null) headers['content-type'] = b.contentType;
    return { operation: `${op.method} ${op.template}`, method: op.method, path: `${path}${query}`, headers, body: b.text, family: op.family };
  });
}

/** Requests no route answers: other methods on known paths and paths the API does not have. */
export function unroutedRequest(creds: Credentials): fc.Arbitrary<FuzzRequest> {
  const paths = fc.constantFrom(
    ['/v1', 'management'], ['/v1/', 'management'], ['/v1/nothing', 'management'], ['/v1/videos/1/nothing', 'management'],
    ['/v2/videos', 'management'], ['/v1/analyses/1/nothing', 'results'], ['/v1/analyses/1/summary/extra', 'results'],
    ['/v1//videos', 'management'], ['/v1/videos/../videos', 'management'], ['/v1/analyses/%zz/summary', 'results'],
  );
  return fc.tuple(paths, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')).map(([[path, family], method]) => ({
    operation: 'unrouted', method, path: path as string, headers: { authorization: `Bearer ${creds.apiToken}` }, body: null, family: family as Family,
  }));
}

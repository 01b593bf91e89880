import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-Touchline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Signing the
 * timestamp with the body lets receivers refuse replays of old deliveries (docs/api.md).
 */
export function signPayload(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** What a receiver does: recompute and compare in constant time; `toleranceS` bounds the age. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceS) return false;
  const expected = Buffer.from(signPayload(secret, body, t).split('v1=')[1] as string, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

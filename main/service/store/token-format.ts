import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API tokens look like `tl_<key id>_<secret>`. The key id is public (it names the row, shows in
 * `touchline token list`); only a SHA-256 of the secret is stored. A secret of 256 random bits needs
 * no slow hash: there is nothing to brute-force.
 */
const PREFIX = 'tl_';
const KEY_ID = /^[0-9a-f]{12}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface MintedToken {
  token: string;
  keyId: string;
  secretHash: Buffer;
}

export function mintToken(): MintedToken {
  const keyId = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { token: `${PREFIX}${keyId}_${secret}`, keyId, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function parseToken(raw: string): { keyId: string; secret: string } | null {
  if (!raw.startsWith(PREFIX)) return null;
  const rest = raw.slice(PREFIX.length);
  const sep = rest.indexOf('_');
  if (sep < 0) return null;
  const keyId = rest.slice(0, sep);
  const secret = rest.slice(sep + 1);
  if (!KEY_ID.test(keyId) || !SECRET.test(secret)) return null;
  return { keyId, secret };
}

const DUMMY = Buffer.alloc(32);

/** Constant-time comparison of a presented secret with a stored hash (null: unknown key, still compared). */
export function secretMatches(secret: string, stored: Buffer | null): boolean {
  const presented = hashSecret(secret);
  const against = stored && stored.length === presented.length ? stored : DUMMY;
  const equal = timingSafeEqual(presented, against);
  return equal && against !== DUMMY;
}

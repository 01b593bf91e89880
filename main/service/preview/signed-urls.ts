import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a crop URL works (spec 2.3: crops are presigned-style URLs that expire). */
export const CROP_URL_TTL_SECONDS = 3600;

/**
 * Presigned-style URLs for files the service hands out without an API token (the preview's crops, which
 * an `<img>` in the widget or a client's page loads): the path and an expiry, signed with HMAC-SHA256.
 * The key lives only in this process, so a restart retires every URL early: they are cheap to get again
 * from the preview endpoint, and nothing on disk can leak them.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
  }

  private mac(path: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }

  /** `path?expires=<unix seconds>&sig=<mac>`. */
  sign(path: string, ttlSeconds = CROP_URL_TTL_SECONDS, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    return `${path}?expires=${expires}&sig=${this.mac(path, expires)}`;
  }

  verify(path: string, expires: unknown, sig: unknown, now = Date.now()): 'valid' | 'expired' | 'invalid' {
    const at = typeof expires === 'string' && /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
    if (!Number.isFinite(at) || typeof sig !== 'string') return 'invalid';
    const want = Buffer.from(this.mac(path, at));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
    return at * 1000 <= now ? 'expired' : 'valid';
  }
}

import { describe, expect, it } from 'vitest';
import { UrlSigner } from '../../../main/service/preview/signed-urls.js';

describe('UrlSigner', () => {
  const signer = new UrlSigner(Buffer.alloc(32, 7));
  const now = Date.parse('2026-11-24T10:00:00Z');

  it('[PRV-05] signs a path with an expiry; the same path and expiry verify until then', () => {
    const url = new URL(`http://x${signer.sign('/v1/videos/1/preview-crops/team_a-0.jpg', 60, now)}`);
    const [expires, sig] = [url.searchParams.get('expires'), url.searchParams.get('sig')];
    expect(Number(expires)).toBe(now / 1000 + 60);
    expect(signer.verify(url.pathname, expires, sig, now)).toBe('valid');
    expect(signer.verify(url.pathname, expires, sig, now + 61_000)).toBe('expired');
  });

  it('refuses another path, another expiry, another key, or junk', () => {
    const url = new URL(`http://x${signer.sign('/a.jpg', 60, now)}`);
    const [expires, sig] = [url.searchParams.get('expires'), url.searchParams.get('sig')];
    expect(signer.verify('/b.jpg', expires, sig, now)).toBe('invalid');
    expect(signer.verify('/a.jpg', String(Number(expires) + 1), sig, now)).toBe('invalid');
    expect(new UrlSigner(Buffer.alloc(32, 8)).verify('/a.jpg', expires, sig, now)).toBe('invalid');
    expect(signer.verify('/a.jpg', undefined, sig, now)).toBe('invalid');
    expect(signer.verify('/a.jpg', '1e9', sig, now)).toBe('invalid');
    expect(signer.verify('/a.jpg', expires, `${sig}x`, now)).toBe('invalid');
  });
});

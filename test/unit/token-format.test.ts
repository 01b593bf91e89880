import { describe, expect, it } from 'vitest';
import { hashSecret, mintToken, parseToken, secretMatches } from '../../main/service/store/token-format.js';

describe('API token format', () => {
  it('mints tl_<key id>_<secret> and stores only the secret\'s hash', () => {
    const minted = mintToken();
    const parsed = parseToken(minted.token);
    expect(parsed?.keyId).toBe(minted.keyId);
    expect(minted.secretHash.equals(hashSecret(parsed?.secret as string))).toBe(true);
    expect(minted.secretHash.toString('hex')).not.toContain(parsed?.secret);
  });

  it('two tokens never share key id or secret', () => {
    const a = mintToken();
    const b = mintToken();
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.token).not.toBe(b.token);
  });

  it('parses only well-formed tokens', () => {
    for (const bad of ['', 'tl_', 'tl_abc_def', `xx_${'a'.repeat(12)}_${'A'.repeat(43)}`, `tl_${'g'.repeat(12)}_${'A'.repeat(43)}`, `tl_${'a'.repeat(12)}_${'A'.repeat(42)}`]) {
      expect(parseToken(bad), bad).toBeNull();
    }
  });

  it('compares secrets against stored hashes, and an unknown key never matches', () => {
    const { token, secretHash } = mintToken();
    const secret = parseToken(token)?.secret as string;
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(`${secret.slice(0, -1)}x`, secretHash)).toBe(false);
    expect(secretMatches(secret, null)).toBe(false);
    expect(secretMatches('', Buffer.alloc(32))).toBe(false);
  });
});

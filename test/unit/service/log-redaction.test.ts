import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../main/service/http/log-redaction.js';

describe('redactUrl', () => {
  it('replaces the embed token, signatures and tokens, and keeps everything else as written', () => {
    expect(redactUrl('/embed/confirm-sides?t=tle_abc123&lang=nl')).toBe('/embed/confirm-sides?t=[redacted]&lang=nl');
    expect(redactUrl('/v1/videos/3/preview-crops/a.jpg?expires=99&sig=Zm9v')).toBe('/v1/videos/3/preview-crops/a.jpg?expires=99&sig=[redacted]');
    expect(redactUrl('/x?access_token=tl_1&TOKEN=tl_2&page=2')).toBe('/x?access_token=[redacted]&TOKEN=[redacted]&page=2');
    // An encoded name is still the parameter it decodes to.
    expect(redactUrl('/embed/confirm-sides?%74=tle_abc')).toBe('/embed/confirm-sides?%74=[redacted]');
  });

  it('leaves URLs without secrets alone, malformed escapes included', () => {
    for (const url of ['/v1/videos', '/v1/videos?page=1&per_page=25', '/v1/videos?%E0%A4%A=1', '/v1/x?t', '/v1/x?']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { allowPermission, externalTarget, isAppUrl } from '../../../main/desktop/navigation-policy.js';

describe('desktop navigation policy', () => {
  it('keeps the window on touchline://app', () => {
    expect(isAppUrl('touchline://app/app/#/match/3')).toBe(true);
    expect(isAppUrl('touchline://evil/app/')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:7425/app/')).toBe(false);
    expect(isAppUrl('https://example.com')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it('sends web links to the browser and refuses other schemes', () => {
    expect(externalTarget('https://docs.example.org/x')).toBe('browser');
    expect(externalTarget('http://127.0.0.1:7425/v1/openapi.json')).toBe('browser');
    expect(externalTarget('file:///etc/passwd')).toBe('deny');
    expect(externalTarget('javascript:alert(1)')).toBe('deny');
  });

  it('grants only clipboard writes, and only to the app', () => {
    expect(allowPermission('clipboard-sanitized-write', 'touchline://app/app/')).toBe(true);
    expect(allowPermission('media', 'touchline://app/app/')).toBe(false);
    expect(allowPermission('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
  });
});

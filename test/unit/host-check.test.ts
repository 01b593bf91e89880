import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../main/service/http/host-check.js';

describe('loopback Host check', () => {
  it('accepts loopback names with or without port', () => {
    for (const host of ['localhost', 'localhost:7425', 'LOCALHOST:1', '127.0.0.1', '127.0.0.1:80', '127.1.2.3:9', '[::1]', '[::1]:7425', 'app.localhost:7425']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('refuses everything else, including look-alikes', () => {
    for (const host of [undefined, '', 'example.com', 'localhost.example.com', '127.0.0.1.nip.io', '10.0.0.1', '[::2]:80', '0.0.0.0', 'localhost:80:90', '[::1]x', 'localhost@evil.com']) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widgetCsp } from '../../../main/service/embed/widget-csp.js';
import { widgetPage } from '../../../main/service/embed/widget-page.js';

describe('widgetCsp', () => {
  it('[EMB-03] frame-ancestors lists the token\'s origins, or \'none\' when it names none', () => {
    expect(widgetCsp(['https://club.example', 'http://127.0.0.1:8080'])).toContain('frame-ancestors https://club.example http://127.0.0.1:8080');
    expect(widgetCsp([])).toContain("frame-ancestors 'none'");
    expect(widgetCsp([])).toContain("script-src 'self'");
    expect(widgetCsp([])).not.toContain('unsafe-inline');
  });
});

describe('widgetPage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'widget-page-'));
  const template = join(dir, 'index.html');
  writeFileSync(template, '<!doctype html>\n<html lang="en">\n<head><!--widget-boot--></head><body></body></html>');

  it('[EMB-06] sets html lang and writes the boot facts as a JSON data block no value can close', () => {
    const html = widgetPage(template, { state: 'valid', videoId: 7, lang: 'nl', allowedOrigins: ['https://x.example'], expiresAt: '</script><script>alert(1)</script>' });
    expect(html).toContain('<html lang="nl">');
    const block = /<script type="application\/json" id="widget-boot">(.*?)<\/script>/s.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block?.[1] ?? '')).toMatchObject({ videoId: 7, lang: 'nl', expiresAt: '</script><script>alert(1)</script>' });
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

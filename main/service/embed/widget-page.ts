import { readFileSync, statSync } from 'node:fs';
import type { WidgetLang } from './widget-lang.js';

/** What the page tells the widget before its first request (renderer/widget/boot.ts reads it). */
export interface WidgetBoot {
  state: 'valid' | 'expired' | 'invalid';
  videoId: number | null;
  lang: WidgetLang;
  /** Origins the widget may post its messages to: the token's frame_ancestors (EMB-12 to EMB-15). */
  allowedOrigins: string[];
  expiresAt: string | null;
}

let cached: { path: string; mtimeMs: number; html: string } | null = null;

/** The built page (vite's index.html), re-read when a rebuild changes it. */
function template(path: string): string {
  const { mtimeMs } = statSync(path);
  if (cached?.path !== path || cached.mtimeMs !== mtimeMs) cached = { path, mtimeMs, html: readFileSync(path, 'utf8') };
  return cached.html;
}

/**
 * The widget page for one request: the built template with the page's language on `<html lang>`
 * (EMB-06) and the boot facts as a JSON data block, which the CSP allows because it is not a script.
 * `<` is escaped so no value can close the block.
 */
export function widgetPage(templatePath: string, boot: WidgetBoot): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return template(templatePath)
    .replace(/<html lang="[^"]*"/, `<html lang="${boot.lang}"`)
    .replace('<!--widget-boot-->', `<script type="application/json" id="widget-boot">${json}</script>`);
}

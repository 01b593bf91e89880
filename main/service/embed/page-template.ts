import { readFileSync, statSync } from 'node:fs';

const cache = new Map<string, { mtimeMs: number; html: string }>();

/** A built page (vite's index.html), re-read when a rebuild changes it. */
function template(path: string): string {
  const { mtimeMs } = statSync(path);
  const hit = cache.get(path);
  if (hit?.mtimeMs === mtimeMs) return hit.html;
  const html = readFileSync(path, 'utf8');
  cache.set(path, { mtimeMs, html });
  return html;
}

/**
 * A renderer page for one request: the built template with the page's language on `<html lang>` and
 * the boot facts as a JSON data block in place of `<!--<id>-->` (the CSP allows it: it is not a script).
 * `<` is escaped so no value can close the block.
 */
export function renderPage(templatePath: string, lang: string, id: string, boot: unknown): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return template(templatePath)
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(`<!--${id}-->`, `<script type="application/json" id="${id}">${json}</script>`);
}

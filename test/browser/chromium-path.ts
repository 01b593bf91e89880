import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** Debian's chromium (Playwright's own browser download cannot run offline); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const chosen = process.env.CHROMIUM_PATH ?? CANDIDATES.find((p) => existsSync(p));
  return chosen ?? '/usr/bin/chromium';
}

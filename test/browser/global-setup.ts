import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { chromiumPath } from './chromium-path.js';
import { ensureWidgetClip } from './widget-clip.js';

/**
 * Before the browser tests: Debian's chromium (installed with apt-get when missing and we may, which
 * is how a fresh CI machine gets it), and the rendered clip the widget pages show.
 */
export default async function setup(): Promise<void> {
  if (!existsSync(chromiumPath())) {
    if (process.getuid?.() !== 0) {
      throw new Error(`chromium is not installed (looked for ${chromiumPath()}): run 'sudo apt-get install chromium', or set CHROMIUM_PATH`);
    }
    console.log('installing chromium with apt-get (browser tests)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  }
  await ensureWidgetClip();
}

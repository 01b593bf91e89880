import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateFixtures } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(): void {
  generateFixtures();
  // Crash tests run the built CLI in a child process; `npm test` builds first, a bare `vitest` may not have.
  if (!existsSync(`${ROOT}/dist/main/cli/touchline.js`)) {
    execFileSync(process.execPath, [`${ROOT}/node_modules/typescript/bin/tsc`, '-p', `${ROOT}/tsconfig.build.json`], { stdio: 'inherit' });
  }
}

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`. Electron is an optional dependency: its installer downloads the Electron binary,
 * which fails on offline machines, and everything but the window works without it. Say so plainly
 * instead of failing with a stack trace.
 */
const require = createRequire(import.meta.url);
const APP = fileURLToPath(new URL('./app.js', import.meta.url));

function electronBinary(): string | null {
  try {
    // The electron package exports the path of its downloaded binary; it throws when the download never happened.
    const path = require('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
if (!binary) {
  process.stderr.write([
    'touchline: Electron is not installed, so the desktop window cannot open.',
    '',
    'Electron is an optional dependency: its installer downloads the Electron binary from the internet,',
    'which fails on offline machines, and npm skips it without failing the install.',
    'To get the desktop app: on a machine with internet access run `npm install electron`, or install a',
    'packaged Touchline build (electron-builder, see electron-builder.yml).',
    '',
    'Everything else works without it:',
    '  npm run serve              the local API on http://127.0.0.1:7425/v1',
    '  npx touchline token list   the API token to call it with',
    '',
  ].join('\n'));
  process.exit(1);
}
if (!existsSync(APP)) {
  process.stderr.write('touchline: this build has no desktop shell (dist/main/app.js); run `npm run serve` for the local API.\n');
  process.exit(1);
}
const child = spawn(binary, [APP, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));

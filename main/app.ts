import { loadElectron } from './desktop/electron-api.js';
import { startDesktop } from './desktop/desktop-main.js';

/** The Electron main process entry (package.json `main`); `npm start` runs it through launch-desktop.ts. */
startDesktop(loadElectron()).catch((error: unknown) => {
  process.stderr.write(`touchline: the desktop app could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

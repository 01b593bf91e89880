import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { createService } from '../service/service.js';
import { readDefaultToken } from '../service/bootstrap.js';
import { API_PREFIX } from '../service/api-prefix.js';
import type { ElectronMain, BrowserWindowLike } from './electron-api.js';
import { answerAppRequest } from './app-protocol.js';
import { allowPermission, APP_ENTRY, APP_SCHEME, externalTarget, isAppUrl } from './navigation-policy.js';
import { utilityEngineHost } from './utility-engine-host.js';
import { engineScratchDir } from '../service/jobs/engine-host.js';

const PRELOAD = fileURLToPath(new URL('./preload.cjs', import.meta.url));
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'mkv', 'webm', 'avi', 'ts', 'mts', 'mpg', 'mpeg'];

/**
 * The desktop app: one window (a second launch focuses it), the local service in this process with
 * the engine in a utilityProcess, and the renderer loaded from touchline://app, which the service
 * answers. The window is locked down: context isolation, sandbox, no Node, no navigation away from
 * the app, no new windows (web links go to the system browser), no permissions but the clipboard.
 */
export async function startDesktop(electron: ElectronMain): Promise<void> {
  const { app, BrowserWindow, protocol, net, session, shell, dialog, ipcMain } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Before ready: the scheme behaves like https (its own origin, fetch, streamed video with ranges).
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
  let window: BrowserWindowLike | null = null;
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  await app.whenReady();

  // Packaged models live in the app's resources, outside the archive (electron-builder.yml).
  const resources = (process as unknown as { resourcesPath?: string }).resourcesPath;
  if (app.isPackaged && resources) process.env.TOUCHLINE_MODELS_DIR ??= join(resources, 'models');
  const home = app.getPath('userData');
  const service = await createService({ home, port: 0 }, { engineHost: utilityEngineHost(electron, { scratchDir: engineScratchDir(home) }) });
  const base = await service.listen();
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(request, base, net.fetch));
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => callback(allowPermission(permission, details.requestingUrl)));
  ipcMain.handle('touchline:pick-video-file', async (event) => {
    if (!isAppUrl(event.senderFrame?.url ?? '')) return null;
    const picked = await dialog.showOpenDialog({ properties: ['openFile'], filters: [{ name: 'Videos', extensions: VIDEO_EXTENSIONS }] });
    return picked.canceled ? null : picked.filePaths[0] ?? null;
  });

  ipcMain.handle('touchline:reveal-in-folder', (event, path) => {
    if (!isAppUrl(event.senderFrame?.url ?? '') || typeof path !== 'string' || !isAbsolute(path) || !existsSync(path)) return false;
    shell.showItemInFolder(path);
    return true;
  });
  ipcMain.handle('touchline:api-info', (event) => (isAppUrl(event.senderFrame?.url ?? '')
    ? { baseUrl: `${base}${API_PREFIX}`, token: readDefaultToken(service.config.home) ?? '', version: app.getVersion() }
    : null));

  window = new BrowserWindow({
    width: 1320, height: 880, minWidth: 900, minHeight: 600, show: false, title: 'Touchline', backgroundColor: '#f6f7f9',
    webPreferences: { preload: PRELOAD, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, spellcheck: false },
  });
  const stayInApp = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) event.preventDefault();
  };
  window.webContents.on('will-navigate', stayInApp);
  window.webContents.on('will-redirect', stayInApp);
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (externalTarget(url) === 'browser') void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window?.show());
  app.on('window-all-closed', () => app.quit());
  // Quitting waits for the service to close: running analyses are stopped and marked to run again at the
  // next start (the runner's recovery), the database is closed cleanly.
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing) return;
    closing = true;
    event.preventDefault();
    void service.close().finally(() => app.exit(0));
  });
  await window.loadURL(APP_ENTRY);
}

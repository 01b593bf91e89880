import { createRequire } from 'node:module';

/**
 * The part of Electron's main-process API the shell uses, typed here: Electron is an optional
 * dependency (its installer downloads a binary, which fails offline), so its own type package may be
 * absent where this compiles. Signatures follow Electron 39's documentation.
 */
export interface BrowserWindowLike {
  loadURL(url: string): Promise<void>;
  show(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  once(event: 'ready-to-show', listener: () => void): void;
  webContents: {
    on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url: string }, url: string) => void): void;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void;
  };
}

export interface UtilityProcessLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
  kill(): boolean;
}

export interface ElectronMain {
  app: {
    requestSingleInstanceLock(): boolean;
    on(event: 'second-instance' | 'window-all-closed', listener: () => void): void;
    on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): void;
    exit(code?: number): void;
    getVersion(): string;
    whenReady(): Promise<void>;
    quit(): void;
    getPath(name: 'userData'): string;
    isPackaged: boolean;
  };
  BrowserWindow: new (options: Record<string, unknown>) => BrowserWindowLike;
  protocol: {
    registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void;
    handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
  };
  net: { fetch: typeof fetch };
  session: { defaultSession: { setPermissionRequestHandler(h: (wc: unknown, permission: string, callback: (ok: boolean) => void, details: { requestingUrl: string }) => void): void } };
  shell: { openExternal(url: string): Promise<void>; showItemInFolder(path: string): void };
  dialog: { showOpenDialog(options: Record<string, unknown>): Promise<{ canceled: boolean; filePaths: string[] }> };
  ipcMain: { handle(channel: string, listener: (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown): void };
  utilityProcess: { fork(modulePath: string, args?: string[], options?: Record<string, unknown>): UtilityProcessLike };
}

export function loadElectron(): ElectronMain {
  return createRequire(import.meta.url)('electron') as ElectronMain;
}

/**
 * The desktop window's preload (sandboxed, so CommonJS): the small typed bridge the page gets as
 * `window.touchline` (its shape: renderer/app/desktop-bridge.ts). It exposes functions only, never
 * ipcRenderer itself, and the main process checks that calls come from the app's own page.
 */
interface PreloadElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: { invoke(channel: string, ...args: unknown[]): Promise<unknown> };
  webUtils: { getPathForFile(file: unknown): string };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { contextBridge, ipcRenderer, webUtils } = require('electron') as PreloadElectron;

contextBridge.exposeInMainWorld('touchline', {
  platform: process.platform,
  pickVideoFile: () => ipcRenderer.invoke('touchline:pick-video-file') as Promise<string | null>,
  pathForFile: (file: unknown) => webUtils.getPathForFile(file),
  revealInFolder: (path: string) => ipcRenderer.invoke('touchline:reveal-in-folder', path) as Promise<boolean>,
  apiInfo: () => ipcRenderer.invoke('touchline:api-info') as Promise<{ baseUrl: string; token: string; version: string }>,
});

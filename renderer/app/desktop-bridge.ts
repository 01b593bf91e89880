/**
 * What the desktop window's preload script (main/desktop/preload.cts) offers the page as
 * `window.touchline`; absent in a browser, where the page falls back to typing paths.
 */
export interface DesktopBridge {
  platform: string;
  /** The absolute path of a video file picked in the system's open dialog, or null when cancelled. */
  pickVideoFile(): Promise<string | null>;
  /** The absolute path of a file dropped on the page (browsers never reveal it). */
  pathForFile(file: File): string;
  /** Shows a file or folder in the system's file manager; false when it does not exist. */
  revealInFolder(path: string): Promise<boolean>;
  /** The local API as scripts reach it (http://127.0.0.1:port/v1), the scripts' token, the app's version. */
  apiInfo(): Promise<{ baseUrl: string; token: string; version: string }>;
}

export function desktopBridge(): DesktopBridge | null {
  return (window as unknown as { touchline?: DesktopBridge }).touchline ?? null;
}

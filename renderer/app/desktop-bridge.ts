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
}

export function desktopBridge(): DesktopBridge | null {
  return (window as unknown as { touchline?: DesktopBridge }).touchline ?? null;
}

/**
 * What the desktop window may load. The renderer lives at touchline://app and only ever navigates
 * within it (hash routes); anything else a page tries (a link, window.open, a redirect) is refused in
 * the window, and web addresses a person clicked are handed to the system browser instead.
 */
export const APP_SCHEME = 'touchline';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const APP_ENTRY = `${APP_ORIGIN}/app/`;

/** True for URLs of the app itself: the only ones the window may navigate to. */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${APP_SCHEME}:` && url.host === 'app';
  } catch {
    return false;
  }
}

/** What to do with a window.open or link target: nothing, or open it in the system browser. */
export function externalTarget(raw: string): 'browser' | 'deny' {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? 'browser' : 'deny';
  } catch {
    return 'deny';
  }
}

/** Permissions a page may be granted: none but writing to the clipboard (the settings' Copy buttons). */
export function allowPermission(permission: string, requestingUrl: string): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl);
}

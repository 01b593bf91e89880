/**
 * The widget page's Content-Security-Policy: its own scripts, styles, images and API only, no forms, no
 * base URL, and `frame-ancestors` from the token (EMB-03): the origins the client named, or `'none'`
 * when it named none, so a page anywhere else cannot frame it (clickjacking the confirm button).
 */
export function widgetCsp(frameAncestors: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

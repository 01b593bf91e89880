/** The messages the widget posts to the page that frames it (spec section 6). */
export type ParentMessage =
  | { type: 'svc:sides-confirmed'; videoId: number; leftStartTeam: string; homeTeamKey: string; homeName: string | null; awayName: string | null }
  | { type: 'svc:sides-close'; videoId: number }
  | { type: 'svc:sides-expired'; videoId: number }
  | { type: 'svc:sides-error'; videoId: number | null; message: string };

/** `https://*.club.example` matches `https://tv.club.example`, as CSP frame-ancestors reads it. */
function originMatches(pattern: string, origin: string): boolean {
  if (!pattern.includes('*')) return pattern === origin;
  const [scheme, rest] = pattern.split('://*.');
  return origin.startsWith(`${scheme}://`) && origin.endsWith(`.${rest}`);
}

/**
 * Posts to the parent only at origins the token allows: never `*`, since the payload names teams
 * of a private video. Where the browser tells us who frames us (ancestorOrigins), only that origin
 * gets it, and a wildcard entry can resolve to it; elsewhere each exact allowed origin is addressed
 * and the browser delivers to the one that matches.
 */
export function postToParent(allowedOrigins: readonly string[], message: ParentMessage): void {
  if (window.parent === window) return;
  const ancestor = window.location.ancestorOrigins?.[0];
  const targets = ancestor
    ? allowedOrigins.some((o) => originMatches(o, ancestor)) ? [ancestor] : []
    : allowedOrigins.filter((o) => !o.includes('*'));
  for (const origin of targets) window.parent.postMessage(message, origin);
}

export type Route = { view: 'library' } | { view: 'import' } | { view: 'match'; analysisId: number } | { view: 'player'; analysisId: number; playerId: string }
  | { view: 'clips'; analysisId: number } | { view: 'settings' };

/** `#/match/12` -> the match view of analysis 12; `#/match/12/player/0-7` -> a player's view; else the library. */
export function parseRoute(hash: string): Route {
  const p = /^#\/match\/(\d{1,12})\/player\/([01]-[A-Za-z0-9]{1,8})$/.exec(hash);
  if (p) return { view: 'player', analysisId: Number(p[1]), playerId: p[2] as string };
  if (hash === '#/import') return { view: 'import' };
  if (hash === '#/settings') return { view: 'settings' };
  const c = /^#\/match\/(\d{1,12})\/clips$/.exec(hash);
  if (c) return { view: 'clips', analysisId: Number(c[1]) };
  const m = /^#\/match\/(\d{1,12})$/.exec(hash);
  return m ? { view: 'match', analysisId: Number(m[1]) } : { view: 'library' };
}

export const matchHref = (analysisId: number) => `#/match/${analysisId}`;
export const playerHref = (analysisId: number, playerId: string) => `#/match/${analysisId}/player/${playerId}`;
export const clipsHref = (analysisId: number) => `#/match/${analysisId}/clips`;

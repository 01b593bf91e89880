export type Route = { view: 'library' } | { view: 'match'; analysisId: number };

/** `#/match/12` -> the match view of analysis 12; anything else is the library. */
export function parseRoute(hash: string): Route {
  const m = /^#\/match\/(\d{1,12})$/.exec(hash);
  return m ? { view: 'match', analysisId: Number(m[1]) } : { view: 'library' };
}

export const matchHref = (analysisId: number) => `#/match/${analysisId}`;

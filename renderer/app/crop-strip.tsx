import { useEffect, useState } from 'react';
import type { Api } from './api.js';
import type { Strings } from './strings.js';

/**
 * Pictures of the player from the match (exemplar crops, spec 2.5): his own when he is identified, else
 * his team's with a note saying so, else a designed empty state.
 */
export function CropStrip({ api, analysisId, playerId, teamName, t }: { api: Api; analysisId: number; playerId: string; teamName: string; t: Strings }) {
  const [crops, setCrops] = useState<{ urls: string[]; own: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    void (async () => {
      const listing = await api.exemplarCrops(analysisId).catch(() => null);
      if (!listing) return setCrops({ urls: [], own: false });
      const own = listing.individuals[playerId] ?? 0;
      const team = `team_${playerId.slice(0, 1)}` as 'team_0' | 'team_1';
      const paths = own > 0
        ? Array.from({ length: Math.min(own, 5) }, (_, k) => `individuals/${encodeURIComponent(playerId)}/${k}`)
        : Array.from({ length: Math.min(listing.teams[team] ?? 0, 6) }, (_, k) => `teams/${team}/${k}`);
      for (const p of paths) {
        const blob = await api.crop(analysisId, p).catch(() => null);
        if (blob) urls.push(URL.createObjectURL(blob));
      }
      if (live) setCrops({ urls, own: own > 0 });
    })();
    return () => {
      live = false;
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [api, analysisId, playerId]);
  if (!crops) return <div className="spinner" aria-busy="true" />;
  if (crops.urls.length === 0) return <p className="muted">{t.cropsNone}</p>;
  return (
    <>
      {!crops.own && <p className="muted small">{t.cropsTeam(teamName)}</p>}
      <div className="crops">{crops.urls.map((u, k) => <img key={u} src={u} alt={t.cropAlt(k + 1)} />)}</div>
    </>
  );
}

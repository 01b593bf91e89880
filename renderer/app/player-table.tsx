import { useState } from 'react';
import type { SummaryPlayer } from './match-types.js';
import type { Strings } from './strings.js';

type Key = 'distance' | 'top' | 'sprint' | 'passes' | 'shots';
const VALUE: Record<Key, (p: SummaryPlayer) => number> = {
  distance: (p) => p.stats.total_distance_m,
  top: (p) => p.stats.max_speed_kmh,
  sprint: (p) => p.stats.distance_by_speed_bucket.sprinting_m,
  passes: (p) => p.stats.ball_actions.passes,
  shots: (p) => p.stats.ball_actions.shots,
};
const ZONES = ['walking_m', 'jogging_m', 'running_m', 'sprinting_m'] as const;

/** Every player with distance, top speed, sprint distance and actions; click a heading to sort (descending first). */
export function PlayerTable({ players, teamNames, t, hrefOf }: { players: SummaryPlayer[]; teamNames: [string, string]; t: Strings; hrefOf(playerId: string): string }) {
  const [key, setKey] = useState<Key>('distance');
  const [desc, setDesc] = useState(true);
  const sorted = [...players].sort((a, b) => (desc ? VALUE[key](b) - VALUE[key](a) : VALUE[key](a) - VALUE[key](b)) || a.player_id.localeCompare(b.player_id));
  const head = (k: Key, label: string) => (
    <th scope="col" className="num" aria-sort={key === k ? (desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="sort-head" onClick={() => (key === k ? setDesc(!desc) : (setKey(k), setDesc(true)))}>{label}{key === k ? (desc ? ' ▾' : ' ▴') : ''}</button>
    </th>
  );
  if (players.length === 0) return <p className="muted">{t.noPlayers}</p>;
  return (
    <table className="videos players">
      <thead>
        <tr>
          <th scope="col">{t.player}</th><th scope="col">{t.team}</th>
          {head('distance', t.distanceKm)}{head('top', t.topSpeed)}{head('sprint', t.sprintM)}{head('passes', t.passes)}{head('shots', t.shots)}
          <th scope="col">{t.speedZones}</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((p) => {
          const total = Math.max(1, p.stats.total_distance_m);
          return (
            <tr key={p.player_id} data-player={p.player_id}>
              <th scope="row"><a href={hrefOf(p.player_id)}>{p.name}</a></th>
              <td>{teamNames[p.team_id === 'team_0' ? 0 : 1]}</td>
              <td className="num">{(p.stats.total_distance_m / 1000).toFixed(2)}</td>
              <td className="num">{p.stats.max_speed_kmh.toFixed(1)}</td>
              <td className="num">{Math.round(p.stats.distance_by_speed_bucket.sprinting_m)}</td>
              <td className="num">{p.stats.ball_actions.passes}</td>
              <td className="num">{p.stats.ball_actions.shots}</td>
              <td>
                <span className="zones" title={ZONES.map((z) => `${t.zoneNames[z]} ${Math.round(p.stats.distance_by_speed_bucket[z])} m`).join(' · ')}>
                  {ZONES.map((z) => <span key={z} className={`zone zone-${z}`} style={{ width: `${(100 * p.stats.distance_by_speed_bucket[z]) / total}%` }} />)}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

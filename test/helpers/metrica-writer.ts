import type { SimTrack } from '../../engine/match-data/sim-track.js';

/**
 * Writes a simulator track in Metrica's tracking CSV layout (one file per team), the way the
 * provider does: normalised 0-1 from the top-left corner, NaN off the pitch, the ball in both files.
 */
export function metricaTrackingCsv(track: SimTrack, team: 0 | 1, firstFrame = 1): string {
  const n = track.objects.length;
  const players = track.objects.map((o, i) => ({ o, i })).filter(({ o }) => o.team === team && o.jersey !== null);
  const ball = track.objects.findIndex((o) => o.role === 'ball');
  const side = team === 0 ? 'Home' : 'Away';
  const lines = [
    `,,,${players.map(() => `${side},,`).join('')},`,
    `,,,${players.map(({ o }) => `${o.jersey},,`).join('')},`,
    `Period,Frame,Time [s],${players.map(({ o }) => `Player${o.jersey},,`).join('')}Ball,`,
  ];
  const fmt = (v: number) => (Number.isNaN(v) ? 'NaN' : v.toFixed(5));
  for (let f = 0; f < track.frames; f++) {
    const frame = firstFrame + f;
    const cells = [String(track.period[f] || 1), String(frame), (frame * 0.04).toFixed(2)];
    for (const { i } of [...players, { i: ball }]) {
      const x = track.x[f * n + i] as number;
      const y = track.y[f * n + i] as number;
      cells.push(fmt(x / 105), fmt(1 - y / 68));
    }
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

import Konva from 'konva';
import type { Summary, TeamReport } from './match-types.js';
import type { Strings } from './strings.js';
import { PITCH_LENGTH, PITCH_WIDTH, drawPitch } from './pitch-drawing.js';
import { drawAveragePositions } from './average-positions.js';
import { teamColours } from './team-colours.js';
import { formatDuration } from './library-model.js';

/** A4 portrait at 150 dots per inch. */
export const REPORT_WIDTH = 1240;
export const REPORT_HEIGHT = 1754;
const M = 70;
/** Own third first, as in the match view. */
const ZONE_ORDER = ['defensive_third', 'middle_third', 'attacking_third'];
const INK = '#17202b';
const MUTED = '#5d6876';

/**
 * The one-page match report as a PNG: teams and date, possession, the quality grade, where the ball
 * was, both squads' average positions and the players who ran furthest. Drawn with konva on a stage
 * that is never shown, from the same summary and team report the match view reads.
 */
export async function matchReportPng(summary: Summary, report: TeamReport, t: Strings): Promise<Blob> {
  const container = document.createElement('div');
  const stage = new Konva.Stage({ container, width: REPORT_WIDTH, height: REPORT_HEIGHT });
  const layer = new Konva.Layer();
  stage.add(layer);
  const text = (x: number, y: number, value: string, size: number, o: Partial<Konva.TextConfig> = {}) =>
    layer.add(new Konva.Text({ x, y, text: value, fontSize: size, fontFamily: 'system-ui, sans-serif', fill: INK, ...o }));
  const names: [string, string] = [summary.teams.team_0_name, summary.teams.team_1_name];
  const colours = teamColours(report);
  layer.add(new Konva.Rect({ x: 0, y: 0, width: REPORT_WIDTH, height: REPORT_HEIGHT, fill: '#ffffff' }));
  text(M, 60, 'Touchline', 22, { fontStyle: 'bold', fill: '#0b6e4f' });
  text(M, 100, `${names[0]} – ${names[1]}`, 48, { fontStyle: 'bold', width: REPORT_WIDTH - 2 * M });
  text(M, 165, `${summary.metadata.game_date} · ${formatDuration(summary.metadata.video_length_sec)}`, 24, { fill: MUTED });

  // Possession: one bar split by team, the unclear share grey.
  let y = 230;
  text(M, y, t.possession, 28, { fontStyle: 'bold' });
  y += 50;
  const barWidth = REPORT_WIDTH - 2 * M;
  const shares = [summary.possession.summary.team_0.pct, summary.possession.summary.unknown.pct, summary.possession.summary.team_1.pct];
  const fills = [colours[0] as string, '#b8c0ca', colours[1] as string];
  let x = M;
  shares.forEach((pct, k) => {
    const w = (barWidth * pct) / 100;
    layer.add(new Konva.Rect({ x, y, width: w, height: 44, fill: fills[k], stroke: '#111', strokeWidth: 0.5 }));
    x += w;
  });
  text(M, y + 56, `${names[0]} ${shares[0]!.toFixed(1)}%`, 24);
  text(M, y + 56, `${t.unknown} ${shares[1]!.toFixed(1)}%`, 24, { width: barWidth, align: 'center', fill: MUTED });
  text(M, y + 56, `${names[1]} ${shares[2]!.toFixed(1)}%`, 24, { width: barWidth, align: 'right' });

  // Quality and territory side by side.
  y += 130;
  text(M, y, t.quality, 28, { fontStyle: 'bold' });
  const q = report.quality;
  text(M, y + 44, q?.grade ? `${t.grades[q.grade] ?? q.grade}${q.score === null ? '' : ` (${t.qualityScore(q.score)})`}` : t.qualityNone, 24);
  (q?.reasons ?? []).slice(0, 3).forEach((r, k) => text(M, y + 84 + k * 32, `• ${t.reasons[r.code] ?? r.code}`, 20, { fill: MUTED, width: barWidth / 2 - 20 }));
  const tx = M + barWidth / 2 + 20;
  text(tx, y, t.territory, 28, { fontStyle: 'bold' });
  const total = report.territory.reduce((a, z) => a + z.seconds, 0);
  if (total === 0) text(tx, y + 44, t.noTerritory, 20, { fill: MUTED, width: barWidth / 2 - 20 });
  [...report.territory].sort((a, b) => ZONE_ORDER.indexOf(a.zone) - ZONE_ORDER.indexOf(b.zone)).forEach((z, k) => text(tx, y + 44 + k * 32, `${t.zones[z.zone] ?? z.zone}: ${Math.round((100 * z.seconds) / total)}%`, 22));

  // Average positions on a pitch.
  y += 220;
  text(M, y, t.averagePositions, 28, { fontStyle: 'bold' });
  y += 46;
  const pitchWidth = 900;
  const scale = pitchWidth / PITCH_LENGTH;
  const pitch = new Konva.Group({ x: (REPORT_WIDTH - pitchWidth) / 2, y });
  const pitchLayer = new Konva.Layer();
  drawPitch(pitchLayer, scale, 0);
  drawAveragePositions(pitchLayer, report, scale, 0);
  for (const child of [...pitchLayer.getChildren()]) child.moveTo(pitch);
  layer.add(pitch);
  y += PITCH_WIDTH * scale + 20;
  text(M, y, t.frameNote[report.coordinate_frame] ?? '', 18, { fill: MUTED, width: barWidth, align: 'center' });

  // The ten players who covered most ground.
  y += 50;
  text(M, y, t.players, 28, { fontStyle: 'bold' });
  y += 46;
  if (summary.players.length === 0) text(M, y, t.noPlayers, 20, { fill: MUTED, width: barWidth });
  const top = [...summary.players].sort((a, b) => b.stats.total_distance_m - a.stats.total_distance_m).slice(0, 10);
  for (const p of top) {
    layer.add(new Konva.Rect({ x: M, y: y + 6, width: 16, height: 16, fill: colours[p.team_id === 'team_0' ? 0 : 1], stroke: '#111', strokeWidth: 0.5 }));
    text(M + 28, y, p.name, 22, { width: 520, wrap: 'none', ellipsis: true });
    text(M + 560, y, `${(p.stats.total_distance_m / 1000).toFixed(2)} km`, 22, { width: 180, align: 'right' });
    text(M + 760, y, `${p.stats.max_speed_kmh.toFixed(1)} km/h`, 22, { width: 200, align: 'right', fill: MUTED });
    y += 34;
  }
  layer.draw();
  const blob = await stage.toBlob({ mimeType: 'image/png' }) as Blob;
  stage.destroy();
  return blob;
}

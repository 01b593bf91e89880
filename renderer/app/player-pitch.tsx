import { useEffect, useRef } from 'react';
import Konva from 'konva';
import type { PlayerReport } from './player-types.js';
import { PITCH_LENGTH, PITCH_WIDTH, drawPitch, toScreen } from './pitch-drawing.js';

export type PitchLayer = 'heatmap' | 'with_ball' | 'shape' | 'sprints' | 'passes' | 'network';

/** A teammate's average position (team report, same attacking frame as the player report). */
export interface Teammate { player_id: string; label: string; position: { x: number; y: number } }

/** The player's own average position over the halves, weighted by frames; null without frames. */
export function ownPosition(report: PlayerReport): { x: number; y: number } | null {
  const n = report.position.avg_position.reduce((s, a) => s + a.n_frames, 0);
  if (n === 0) return null;
  const x = report.position.avg_position.reduce((s, a) => s + a.position.x * a.n_frames, 0) / n;
  const y = report.position.avg_position.reduce((s, a) => s + a.position.y * a.n_frames, 0) / n;
  return { x, y };
}

/** Lines from the player to the teammates he passed to, as thick as the passes are many. */
function drawNetwork(top: Konva.Layer, report: PlayerReport, teammates: Teammate[], scale: number, colour: string): void {
  const from = ownPosition(report);
  if (!from) return;
  const at = new Map(teammates.map((m) => [m.player_id, m]));
  const links = report.on_ball.network.filter((l) => at.has(l.player_id));
  const most = Math.max(1, ...links.map((l) => l.n));
  const a = toScreen(from.x, from.y, scale, MARGIN);
  for (const l of links) {
    const mate = at.get(l.player_id) as Teammate;
    const b = toScreen(mate.position.x, mate.position.y, scale, MARGIN);
    top.add(new Konva.Line({ points: [a.x, a.y, b.x, b.y], stroke: '#ffdd33', strokeWidth: 1.5 + 7 * (l.n / most), opacity: 0.85, lineCap: 'round', listening: false }));
    top.add(new Konva.Circle({ x: b.x, y: b.y, radius: 11, fill: colour, stroke: '#111', strokeWidth: 1.5 }));
    top.add(new Konva.Text({ x: b.x - 11, y: b.y - 6, width: 22, align: 'center', text: mate.label, fontSize: 11, fontStyle: 'bold', fill: '#fff' }));
    top.add(new Konva.Text({ x: (a.x + b.x) / 2 - 12, y: (a.y + b.y) / 2 - 7, width: 24, align: 'center', text: String(l.n), fontSize: 12, fontStyle: 'bold', fill: '#111' }));
  }
  top.add(new Konva.Circle({ x: a.x, y: a.y, radius: 14, fill: colour, stroke: '#fff', strokeWidth: 2.5 }));
  top.add(new Konva.Text({ x: a.x - 14, y: a.y - 6, width: 28, align: 'center', text: report.label, fontSize: 11, fontStyle: 'bold', fill: '#fff' }));
}
const MARGIN = 14;

function arrow(layer: Konva.Layer, from: { x: number; y: number }, to: { x: number; y: number }, scale: number, colour: string, width = 2): void {
  const a = toScreen(from.x, from.y, scale, MARGIN);
  const b = toScreen(to.x, to.y, scale, MARGIN);
  layer.add(new Konva.Arrow({ points: [a.x, a.y, b.x, b.y], stroke: colour, fill: colour, strokeWidth: width, pointerLength: 7, pointerWidth: 6, opacity: 0.9, listening: false }));
}

/**
 * One player's pitch (konva), in the report's frame: the team attacks to the right in the `attacking`
 * frame. Heatmaps are drawn cell by cell with opacity by dwell time; the shape layer is the zone hull
 * and the per-half average positions; sprints, passes (turnovers in red), carries and shots are arrows
 * and markers. Redrawn when the layer changes.
 */
export function PlayerPitch({ report, layer, width, colour, label, teammates = [] }: { report: PlayerReport; layer: PitchLayer; width: number; colour: string; label: string; teammates?: Teammate[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const began = performance.now();
    const scale = (width - 2 * MARGIN) / PITCH_LENGTH;
    const stage = new Konva.Stage({ container: box.current, width, height: PITCH_WIDTH * scale + 2 * MARGIN });
    const base = new Konva.Layer({ listening: false });
    drawPitch(base, scale, MARGIN);
    const top = new Konva.Layer({ listening: false });
    const grid = layer === 'heatmap' ? report.position.heatmap : layer === 'with_ball' ? report.position.heatmap_with_ball : null;
    if (grid) {
      const [nx, ny] = grid.bins;
      const [[x0, x1], [y0, y1]] = grid.extent;
      const max = Math.max(1, ...grid.counts.flat());
      for (let i = 0; i < nx; i++) {
        for (let j = 0; j < ny; j++) {
          const n = grid.counts[i]?.[j] ?? 0;
          if (!n) continue;
          const a = toScreen(x0 + (i * (x1 - x0)) / nx, y0 + ((j + 1) * (y1 - y0)) / ny, scale, MARGIN);
          top.add(new Konva.Rect({ x: a.x, y: a.y, width: ((x1 - x0) / nx) * scale, height: ((y1 - y0) / ny) * scale, fill: '#ffdd33', opacity: 0.12 + 0.78 * Math.sqrt(n / max) }));
        }
      }
    }
    if (layer === 'shape') {
      const hull = report.position.zone_hull.flatMap((p) => {
        const s = toScreen(p.x, p.y, scale, MARGIN);
        return [s.x, s.y];
      });
      if (hull.length >= 6) top.add(new Konva.Line({ points: hull, closed: true, fill: colour, opacity: 0.35, stroke: colour, strokeWidth: 2 }));
      for (const a of report.position.avg_position) {
        const s = toScreen(a.position.x, a.position.y, scale, MARGIN);
        top.add(new Konva.Circle({ x: s.x, y: s.y, radius: 12, fill: colour, stroke: '#111', strokeWidth: 1.5 }));
        top.add(new Konva.Text({ x: s.x - 12, y: s.y - 6, width: 24, align: 'center', text: `H${a.period}`, fontSize: 11, fontStyle: 'bold', fill: '#fff' }));
      }
    }
    if (layer === 'sprints') {
      for (const sp of report.physical.sprints) if (sp.start && sp.end) arrow(top, sp.start, sp.end, scale, '#ff5964', 3);
    }
    if (layer === 'passes') {
      for (const c of report.on_ball.carries) if (c.x !== null && c.y !== null && c.x_target !== null && c.y_target !== null) arrow(top, { x: c.x, y: c.y }, { x: c.x_target, y: c.y_target }, scale, '#ffffff', 1.5);
      for (const p of report.on_ball.passes) {
        if (p.x === null || p.y === null || p.x_target === null || p.y_target === null) continue;
        arrow(top, { x: p.x, y: p.y }, { x: p.x_target, y: p.y_target }, scale, p.receiver_team !== null && p.receiver_team !== report.team ? '#ff5964' : '#ffdd33');
      }
      for (const s of report.on_ball.shots) {
        if (s.x === null || s.y === null) continue;
        const at = toScreen(s.x, s.y, scale, MARGIN);
        top.add(new Konva.Star({ x: at.x, y: at.y, numPoints: 5, innerRadius: 4, outerRadius: 9, fill: '#ffffff', stroke: '#111', strokeWidth: 1 }));
      }
    }
    if (layer === 'network') drawNetwork(top, report, teammates, scale, colour);
    stage.add(base);
    stage.add(top);
    // How long a layer took to draw, for bench:app (the heatmap target is under 50 ms).
    performance.measure('touchline:pitch-draw', { start: began, end: performance.now(), detail: layer });
    return () => { stage.destroy(); };
  }, [report, layer, width, colour, teammates]);
  return <div ref={box} className="pitch" role="img" aria-label={label} data-layer={layer} />;
}

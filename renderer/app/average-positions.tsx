import { useEffect, useRef } from 'react';
import Konva from 'konva';
import type { TeamReport } from './match-types.js';
import { PITCH_LENGTH, PITCH_WIDTH, drawPitch, toScreen } from './pitch-drawing.js';
import { teamColours } from './team-colours.js';

const MARGIN = 14;

/** Every placed player of both squads as a numbered marker (team 1 mirrored in the attacking frames). */
export function drawAveragePositions(layer: Konva.Layer, report: TeamReport, scale: number, margin: number): void {
  const mirror = report.coordinate_frame !== 'camera';
  const colours = teamColours(report);
  for (const t of report.teams) {
    const fill = colours[t.team];
    for (const p of t.average_positions) {
      const x = mirror && t.team === 1 ? PITCH_LENGTH - p.position.x : p.position.x;
      const y = mirror && t.team === 1 ? PITCH_WIDTH - p.position.y : p.position.y;
      const at = toScreen(x, y, scale, margin);
      layer.add(new Konva.Circle({ x: at.x, y: at.y, radius: 11, fill, stroke: '#111', strokeWidth: 1.5 }));
      layer.add(new Konva.Text({ x: at.x - 11, y: at.y - 6, width: 22, align: 'center', text: p.label, fontSize: 11, fontStyle: 'bold', fill: '#fff', shadowColor: '#000', shadowBlur: 2 }));
    }
  }
}

/**
 * Both squads' average positions on one pitch (konva). In the attacking frames each team is rotated
 * separately (spec 2.10), so team 1 is mirrored (x' = 105 - x, y' = 68 - y): team 0 attacks to the
 * right, team 1 to the left. In the camera frame both are drawn as they are.
 */
export function AveragePositions({ report, width, label }: { report: TeamReport; width: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const scale = (width - 2 * MARGIN) / PITCH_LENGTH;
    const stage = new Konva.Stage({ container: box.current, width, height: PITCH_WIDTH * scale + 2 * MARGIN });
    const layer = new Konva.Layer();
    drawPitch(layer, scale, MARGIN);
    drawAveragePositions(layer, report, scale, MARGIN);
    stage.add(layer);
    return () => { stage.destroy(); };
  }, [report, width]);
  return <div ref={box} className="pitch" role="img" aria-label={label} />;
}

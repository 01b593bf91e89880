import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { projector, type Camera } from '../../geometry/camera.js';
import { LINE_WIDTH, pitchMarkings, pitchSpots } from '../../geometry/pitch-markings.js';
import { groundStrips, projectPolygon, type P3 } from './project-shapes.js';

/**
 * A training mask of the pitch markings as the camera sees them: lines white on black, with the people in
 * front cut out (their boxes, narrowed to 70% to hug the body). Line masks look nearly the same in renders
 * and real footage, which makes them a good calibration input for a network trained on renders.
 */
export function renderLineMask(camera: Camera, occluders: readonly [number, number, number, number][]): Canvas {
  const canvas = createCanvas(camera.width, camera.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, camera.width, camera.height);
  const proj = projector(camera);
  ctx.fillStyle = '#fff';
  const fill = (pts: [number, number][]) => {
    if (pts.length < 3) return;
    ctx.beginPath();
    ctx.moveTo(pts[0]![0], pts[0]![1]);
    for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
    ctx.closePath();
    ctx.fill();
  };
  for (const line of pitchMarkings()) for (const quad of groundStrips(line, LINE_WIDTH)) fill(projectPolygon(proj, quad, camera.k1 === 0 ? 1 : Math.max(2, Math.ceil(Math.hypot(quad[1]![0] - quad[0]![0], quad[1]![1] - quad[0]![1]) / 2))));
  for (const [x, y, r] of pitchSpots()) {
    const pts: P3[] = Array.from({ length: 12 }, (_, i) => [x + r * Math.cos((i * Math.PI) / 6), y + r * Math.sin((i * Math.PI) / 6), 0]);
    fill(projectPolygon(proj, pts, 1));
  }
  ctx.fillStyle = '#000';
  for (const [x0, y0, x1, y1] of occluders) {
    const inset = (x1 - x0) * 0.15;
    ctx.fillRect(x0 + inset, y0, x1 - x0 - 2 * inset, y1 - y0);
  }
  return canvas;
}

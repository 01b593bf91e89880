import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PITCH_LENGTH as L, PITCH_WIDTH as W } from '../../match-data/match-events.js';
import type { Projector } from '../../geometry/camera.js';
import { GOAL, LINE_WIDTH, pitchMarkings, pitchSpots } from '../../geometry/pitch-markings.js';
import { groundStrips, projectPolygon, type P2, type P3 } from './project-shapes.js';
import type { Rng } from '../../match-data/rng.js';

/** A repeating texture: a small tile, and the tile repeated over a whole frame (made on first use). */
export interface Texture {
  tile: Canvas;
  frames: Map<string, Canvas>;
}

export interface Stadium {
  crowd: Texture;
  grain: Texture;
  boards: { text: string; colour: string; ink: string }[];
  stripes: [string, string];
  /** A diagonal roof shadow over part of the pitch: the ground line it starts from, as y at x = 0 and x = L. */
  shadow: { y0: number; y1: number; alpha: number } | null;
}

const BRANDS = ['TOUCHLINE', 'NORDBANK', 'KESTREL AIR', 'VOLTA', 'MERIDIAN', 'ORCHARD', 'QUAYSIDE', 'HALCYON'];
const BOARD_COLOURS: [string, string][] = [['#0b3d91', '#ffffff'], ['#e30613', '#ffffff'], ['#111111', '#f6d200'], ['#ffffff', '#0b3d91'], ['#00843d', '#ffffff'], ['#ff7f00', '#111111']];

/** Textures and dressing of a stadium, made once per video (deterministic for the seed). */
export function buildStadium(rng: Rng): Stadium {
  const crowdTile = createCanvas(160, 90);
  const c = crowdTile.getContext('2d');
  c.fillStyle = '#23262b';
  c.fillRect(0, 0, 160, 90);
  // Seen from the main camera a crowd is a dim, low-contrast speckle with the home colour showing through.
  const shirts = ['#7a2a30', '#9a9a96', '#2a3350', '#55718a', '#8a7a30', '#3a3a3a', '#5e5e5e', '#8f7458', '#4a3427'];
  for (let i = 0; i < 800; i++) {
    c.fillStyle = shirts[Math.floor(rng.next() * shirts.length)] as string;
    c.fillRect(Math.floor(rng.next() * 160), Math.floor(rng.next() * 90), 2, 2);
  }
  const grainTile = createCanvas(128, 128);
  const g = grainTile.getContext('2d');
  for (let i = 0; i < 2600; i++) {
    const v = Math.floor(rng.range(0, 60));
    g.fillStyle = rng.next() < 0.5 ? `rgba(0,${v},0,0.10)` : `rgba(255,255,${v},0.05)`;
    g.fillRect(Math.floor(rng.next() * 128), Math.floor(rng.next() * 128), 1 + Math.floor(rng.next() * 2), 1);
  }
  const boards = BRANDS.map((text, i) => {
    const [colour, ink] = BOARD_COLOURS[(i + Math.floor(rng.next() * BOARD_COLOURS.length)) % BOARD_COLOURS.length] as [string, string];
    return { text, colour, ink };
  });
  // Broadcast grass reads light and a little yellow, with soft mowing stripes (compare docs/img/sim-vs-real.png).
  const base = rng.range(0.9, 1.08);
  const warm = rng.range(0, 14);
  const green = (k: number) => `rgb(${Math.round((78 + warm) * k * base)},${Math.round(140 * k * base)},${Math.round(58 * k * base)})`;
  return {
    crowd: { tile: crowdTile, frames: new Map() },
    grain: { tile: grainTile, frames: new Map() },
    boards,
    stripes: [green(1), green(0.93)],
    shadow: rng.next() < 0.6 ? { y0: rng.range(30, 60), y1: rng.range(40, 72), alpha: rng.range(0.18, 0.32) } : null,
  };
}

/** The texture's tile repeated over a width x height frame, built once per size. */
function frameTexture(t: Texture, width: number, height: number): Canvas {
  const key = `${width}x${height}`;
  let frame = t.frames.get(key);
  if (!frame) {
    frame = createCanvas(width, height);
    const c = frame.getContext('2d');
    for (let y = 0; y < height; y += t.tile.height) for (let x = 0; x < width; x += t.tile.width) c.drawImage(t.tile, x, y);
    t.frames.set(key, frame);
  }
  return frame;
}

/**
 * Fills a polygon with a colour or a texture. Textures are drawn as a pre-tiled frame through a clip,
 * not as a pattern fill: in @napi-rs/canvas 1.0.x a pattern fill of a large polygon costs ~20 ms at
 * 720p against ~2 ms for clip + drawImage (the same pixels: both are anchored at the frame's origin).
 */
function fillPoly(ctx: SKRSContext2D, pts: P2[], style: string | Texture): void {
  if (pts.length < 3) return;
  ctx.beginPath();
  ctx.moveTo(pts[0]![0], pts[0]![1]);
  for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i]![0], pts[i]![1]);
  ctx.closePath();
  if (typeof style === 'string') {
    ctx.fillStyle = style;
    ctx.fill();
    return;
  }
  ctx.save();
  ctx.clip();
  ctx.drawImage(frameTexture(style, ctx.canvas.width, ctx.canvas.height), 0, 0);
  ctx.restore();
}

/** Draws text on a vertical board face through the affine map of its projected corners. */
function boardText(ctx: SKRSContext2D, proj: Projector, a: P3, b: P3, height: number, text: string, ink: string): void {
  const p0 = proj.project(a[0], a[1], a[2] + height);
  const p1 = proj.project(b[0], b[1], b[2] + height);
  const p3 = proj.project(a[0], a[1], a[2]);
  if (!p0 || !p1 || !p3) return;
  const w = Math.hypot(b[0] - a[0], b[1] - a[1]);
  ctx.save();
  ctx.setTransform((p1[0] - p0[0]) / w, (p1[1] - p0[1]) / w, (p3[0] - p0[0]) / height, (p3[1] - p0[1]) / height, p0[0], p0[1]);
  ctx.fillStyle = ink;
  ctx.font = `bold ${height * 0.72}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, w / 2, height * 0.55, w * 0.92);
  ctx.restore();
}

/** Stands, boards, grass with mowing stripes, roof shadow, markings and goals: everything but people and ball. */
export function drawPitch(ctx: SKRSContext2D, proj: Projector, stadium: Stadium): void {
  const { width, height } = proj.camera;
  ctx.fillStyle = '#15181d';
  ctx.fillRect(0, 0, width, height);
  // Stands: far side and behind both goals, rising away from the pitch.
  const stands: P3[][] = [
    [[-30, 73, 1.2], [L + 30, 73, 1.2], [L + 30, 115, 30], [-30, 115, 30]],
    [[-5, -20, 1.2], [-5, W + 20, 1.2], [-40, W + 20, 26], [-40, -20, 26]],
    [[L + 5, -20, 1.2], [L + 5, W + 20, 1.2], [L + 40, W + 20, 26], [L + 40, -20, 26]],
  ];
  for (const s of stands) fillPoly(ctx, projectPolygon(proj, s), stadium.crowd);
  // Run-off grass, a little darker than the pitch, reaching under the near-side camera positions.
  fillPoly(ctx, projectPolygon(proj, [[-8, -60, 0], [L + 8, -60, 0], [L + 8, W + 5, 0], [-8, W + 5, 0]]), stadium.stripes[1]);
  const bands = 20;
  for (let i = 0; i < bands; i++) {
    const x0 = (L * i) / bands;
    const x1 = (L * (i + 1)) / bands;
    fillPoly(ctx, projectPolygon(proj, [[x0, -1, 0], [x1, -1, 0], [x1, W + 1, 0], [x0, W + 1, 0]]), stadium.stripes[i % 2] as string);
  }
  fillPoly(ctx, projectPolygon(proj, [[-8, -6, 0], [L + 8, -6, 0], [L + 8, W + 5, 0], [-8, W + 5, 0]]), stadium.grain);
  if (stadium.shadow) {
    const s = stadium.shadow;
    fillPoly(ctx, projectPolygon(proj, [[-8, s.y0, 0], [L + 8, s.y1, 0], [L + 8, W + 5, 0], [-8, W + 5, 0]]), `rgba(0,0,0,${s.alpha.toFixed(3)})`);
  }
  // Advertising boards along the far touchline and behind the goals.
  const boardH = 0.9;
  const panel = 7.5;
  const boardRuns: [P3, P3][] = [[[-3, 71, 0], [L + 3, 71, 0]], [[-4, 8, 0], [-4, W - 8, 0]], [[L + 4, W - 8, 0], [L + 4, 8, 0]]];
  let k = 0;
  for (const [a, b] of boardRuns) {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    for (let d = 0; d < len - 0.01; d += panel) {
      const e = Math.min(len, d + panel);
      const pa: P3 = [a[0] + ((b[0] - a[0]) * d) / len, a[1] + ((b[1] - a[1]) * d) / len, 0];
      const pb: P3 = [a[0] + ((b[0] - a[0]) * e) / len, a[1] + ((b[1] - a[1]) * e) / len, 0];
      const brand = stadium.boards[k++ % stadium.boards.length]!;
      fillPoly(ctx, projectPolygon(proj, [[pa[0], pa[1], boardH], [pb[0], pb[1], boardH], pb, pa]), brand.colour);
      boardText(ctx, proj, pa, pb, boardH, brand.text, brand.ink);
    }
  }
  // Markings as painted strips, then spots.
  const paint = 'rgba(242,244,240,0.92)';
  // Under lens distortion a straight marking images as a curve: subdivide long strips (a touchline is
  // one 105 m quad) so the paint follows the same curve as the truth's projection.
  const bend = (quad: P3[]) => (proj.camera.k1 === 0 ? 1 : Math.max(2, Math.ceil(Math.hypot((quad[1]![0] - quad[0]![0]), (quad[1]![1] - quad[0]![1])) / 2)));
  for (const line of pitchMarkings()) {
    for (const quad of groundStrips(line, LINE_WIDTH)) fillPoly(ctx, projectPolygon(proj, quad, bend(quad)), paint);
  }
  for (const [x, y, r] of pitchSpots()) {
    const pts: P3[] = [];
    for (let i = 0; i < 12; i++) pts.push([x + r * Math.cos((i * Math.PI) / 6), y + r * Math.sin((i * Math.PI) / 6), 0]);
    fillPoly(ctx, projectPolygon(proj, pts, 1), paint);
  }
  drawGoals(ctx, proj);
}

function drawGoals(ctx: SKRSContext2D, proj: Projector): void {
  for (const gx of [0, L]) {
    const back = gx === 0 ? -GOAL.depth : L + GOAL.depth;
    const y0 = W / 2 - GOAL.width / 2;
    const y1 = W / 2 + GOAL.width / 2;
    // Net: a fine grid on the back and roof.
    ctx.strokeStyle = 'rgba(235,235,235,0.35)';
    ctx.lineWidth = 0.7;
    ctx.beginPath();
    for (let i = 0; i <= 14; i++) {
      const y = y0 + ((y1 - y0) * i) / 14;
      const a = proj.project(back, y, 0);
      const b = proj.project(back, y, GOAL.height * 0.8);
      const c = proj.project(gx, y, GOAL.height);
      if (a && b && c) {
        ctx.moveTo(a[0], a[1]);
        ctx.lineTo(b[0], b[1]);
        ctx.lineTo(c[0], c[1]);
      }
    }
    ctx.stroke();
    // Posts and crossbar: white, 12 cm.
    const frame: P3[] = [[gx, y0, 0], [gx, y0, GOAL.height], [gx, y1, GOAL.height], [gx, y1, 0]];
    const pts = frame.map(([x, y, z]) => proj.project(x, y, z));
    if (pts.every(Boolean)) {
      const depth = Math.max(1, proj.depth(gx, W / 2, 1));
      ctx.strokeStyle = '#f8f8f8';
      ctx.lineWidth = Math.max(1, (proj.camera.focal * 0.12) / depth);
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(pts[0]![0], pts[0]![1]);
      for (let i = 1; i < 4; i++) ctx.lineTo(pts[i]![0], pts[i]![1]);
      ctx.stroke();
    }
  }
}

import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Projector } from '../../geometry/camera.js';
import { BODY, figureJoints, type Joints } from './figure.js';
import type { Kit } from './kits.js';
import type { P2 } from './project-shapes.js';

export interface PersonPose {
  id: string;
  x: number;
  y: number;
  heading: number;
  phase: number;
  speed: number;
  kit: Kit;
  /** Shirt number to print, or null (referees). */
  number: number | null;
  skin: string;
  hair: string;
  height: number;
  /** Boot colour (CSS). */
  boots: string;
}

/** What was drawn for one object: pixel box [x0, y0, x1, y1], foot point, depth along the optical axis. */
export interface DrawnObject {
  id: string;
  box: [number, number, number, number];
  foot: P2;
  depth: number;
  /** The shirt as drawn: torso box, which side faces the camera, and the number's height in pixels (0 when not drawn). */
  shirt?: { box: [number, number, number, number]; side: 'back' | 'front'; numberPx: number };
}

type J = keyof Joints;

function limb(ctx: SKRSContext2D, a: P2 | null, b: P2 | null, width: number, colour: string): void {
  if (!a || !b) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1, width);
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
}

/**
 * One person as an articulated figure: shadow, legs in socks and shorts, torso in the shirt (stripes when
 * the kit has them), arms, head, and the shirt number on the back or the chest, whichever faces the
 * camera, at broadcast proportions (25 cm on the back, 10 cm on the chest).
 */
export function drawPerson(ctx: SKRSContext2D, proj: Projector, p: PersonPose): DrawnObject | null {
  const depth = proj.depth(p.x, p.y, 1);
  if (depth < 1) return null;
  const joints = figureJoints(p.x, p.y, p.heading, p.phase, p.speed, p.height);
  const px = {} as Record<J, P2 | null>;
  for (const k of Object.keys(joints) as J[]) {
    const [x, y, z] = joints[k];
    px[k] = proj.project(x, y, z);
  }
  const foot = proj.project(p.x, p.y, 0);
  if (!foot || !px.head || !px.hipL || !px.hipR || !px.shoulderL || !px.shoulderR) return null;
  const unit = (proj.camera.focal * p.height) / BODY.height / depth;

  // Shadow: a soft ellipse on the grass, stretched away from the (high, behind-camera) sun.
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  ctx.beginPath();
  ctx.ellipse(foot[0] + unit * 0.12, foot[1] + unit * 0.02, unit * 0.38, unit * 0.1, 0, 0, Math.PI * 2);
  ctx.fill();

  ctx.lineCap = 'round';
  const k = p.kit;
  for (const side of ['L', 'R'] as const) {
    const hip = px[`hip${side}`];
    const knee = px[`knee${side}`];
    const ankle = px[`foot${side}`];
    limb(ctx, hip, knee, unit * 0.15, '#e2b48f');
    limb(ctx, knee, ankle, unit * 0.12, k.socks);
    if (ankle) {
      ctx.fillStyle = p.boots;
      ctx.beginPath();
      ctx.ellipse(ankle[0], ankle[1], unit * 0.07, unit * 0.035, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    // Shorts over the upper thigh.
    if (hip && knee) limb(ctx, hip, [hip[0] + (knee[0] - hip[0]) * 0.45, hip[1] + (knee[1] - hip[1]) * 0.45], unit * 0.2, k.shorts);
  }
  // Torso: the quad between shoulders and hips.
  const torso: P2[] = [px.shoulderL, px.shoulderR, px.hipR, px.hipL] as P2[];
  const widen = unit * 0.05;
  ctx.fillStyle = k.shirt;
  ctx.beginPath();
  ctx.moveTo(torso[0]![0] - widen, torso[0]![1]);
  ctx.lineTo(torso[1]![0] + widen, torso[1]![1]);
  ctx.lineTo(torso[2]![0] + widen * 0.5, torso[2]![1]);
  ctx.lineTo(torso[3]![0] - widen * 0.5, torso[3]![1]);
  ctx.closePath();
  ctx.fill();
  if (k.stripes) {
    ctx.strokeStyle = k.stripes;
    ctx.lineWidth = Math.max(1, unit * 0.05);
    ctx.beginPath();
    for (const s of [0.25, 0.5, 0.75]) {
      ctx.moveTo(torso[0]![0] + (torso[1]![0] - torso[0]![0]) * s, torso[0]![1] + (torso[1]![1] - torso[0]![1]) * s);
      ctx.lineTo(torso[3]![0] + (torso[2]![0] - torso[3]![0]) * s, torso[3]![1] + (torso[2]![1] - torso[3]![1]) * s);
    }
    ctx.stroke();
  }
  for (const side of ['L', 'R'] as const) {
    limb(ctx, px[`shoulder${side}`], px[`elbow${side}`], unit * 0.1, k.sleeves);
    limb(ctx, px[`elbow${side}`], px[`hand${side}`], unit * 0.08, p.skin);
  }
  const headR = Math.max(1, unit * BODY.headRadius);
  ctx.fillStyle = p.skin;
  ctx.beginPath();
  ctx.arc(px.head[0], px.head[1], headR, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = p.hair;
  ctx.beginPath();
  ctx.arc(px.head[0], px.head[1] - headR * 0.3, headR * 0.85, Math.PI, 0);
  ctx.fill();

  // Which side of the shirt faces the camera: the back when the player looks away from it.
  const toPlayer = Math.atan2(p.y - proj.camera.y, p.x - proj.camera.x);
  const back = Math.cos(p.heading - toPlayer) > 0;
  const size = p.number === null ? 0 : unit * (back ? 0.25 : 0.1);
  if (p.number !== null) {
    if (size >= 4) {
      const cx = (torso[0]![0] + torso[1]![0] + torso[2]![0] + torso[3]![0]) / 4;
      const cy = (torso[0]![1] + torso[1]![1]) / 2 * 0.6 + (torso[2]![1] + torso[3]![1]) / 2 * 0.4;
      ctx.fillStyle = k.number;
      ctx.font = `bold ${size.toFixed(1)}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(p.number), back ? cx : cx + unit * 0.06, back ? cy : cy - unit * 0.05);
    }
  }

  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const q of Object.values(px)) {
    if (!q) continue;
    x0 = Math.min(x0, q[0]);
    x1 = Math.max(x1, q[0]);
    y0 = Math.min(y0, q[1]);
    y1 = Math.max(y1, q[1]);
  }
  const pad = unit * 0.08;
  const tx = torso.map((q) => q[0]);
  const ty = torso.map((q) => q[1]);
  const shirt = {
    box: [Math.min(...tx) - widen, Math.min(...ty), Math.max(...tx) + widen, Math.max(...ty)] as [number, number, number, number],
    side: back ? 'back' as const : 'front' as const,
    numberPx: size >= 4 ? size : 0,
  };
  return { id: p.id, box: [x0 - pad, Math.min(y0, px.head[1] - headR), x1 + pad, Math.max(y1 + unit * 0.035, foot[1])], foot, depth, shirt };
}

export const BALL_RADIUS = 0.11;

/**
 * The ball and its shadow; the box is the projected sphere. A fast ball smears over the exposure
 * (1/50 s at 25 FPS): faint copies along the path it just travelled.
 */
export function drawBall(ctx: SKRSContext2D, proj: Projector, x: number, y: number, z: number, v: [number, number, number] = [0, 0, 0]): DrawnObject | null {
  const c = proj.project(x, y, z + BALL_RADIUS);
  const ground = proj.project(x, y, 0);
  const depth = proj.depth(x, y, z);
  if (!c || !ground || depth < 1) return null;
  const r = Math.max(0.8, (proj.camera.focal * BALL_RADIUS) / depth);
  ctx.fillStyle = `rgba(0,0,0,${Math.max(0.08, 0.3 - z * 0.03).toFixed(3)})`;
  ctx.beginPath();
  ctx.ellipse(ground[0] + r * 0.3, ground[1], r * 1.1, r * 0.4, 0, 0, Math.PI * 2);
  ctx.fill();
  if (Math.hypot(v[0], v[1], v[2]) > 6) {
    ctx.fillStyle = 'rgba(251,251,248,0.3)';
    for (const k of [0.33, 0.66, 1]) {
      const g = proj.project(x - v[0] * 0.02 * k, y - v[1] * 0.02 * k, Math.max(0, z - v[2] * 0.02 * k) + BALL_RADIUS);
      if (!g) continue;
      ctx.beginPath();
      ctx.arc(g[0], g[1], r, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.fillStyle = '#fbfbf8';
  ctx.beginPath();
  ctx.arc(c[0], c[1], r, 0, Math.PI * 2);
  ctx.fill();
  if (r > 3) {
    ctx.fillStyle = '#333';
    ctx.beginPath();
    ctx.arc(c[0] + r * 0.2, c[1] - r * 0.1, r * 0.3, 0, Math.PI * 2);
    ctx.fill();
  }
  return { id: 'ball', box: [c[0] - r, c[1] - r, c[0] + r, c[1] + r], foot: ground, depth };
}

import { describe, expect, it } from 'vitest';
import { projector } from '../../../../engine/geometry/camera.js';
import { ballSpecks, distanceToMarking } from '../../../../engine/vision/ball/ball-candidates.js';
import { broadcastCamera, rng } from './synthetic.js';

const W = 640;
const H = 360;

/** A grass picture (a little noise) to paint on. */
function grass(seed = 1): Uint8Array {
  const rand = rng(seed);
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const n = Math.round((rand() - 0.5) * 10);
    rgb[i * 3] = 70 + n;
    rgb[i * 3 + 1] = 120 + n;
    rgb[i * 3 + 2] = 50 + n;
  }
  return rgb;
}

function paint(rgb: Uint8Array, x: number, y: number, c: readonly number[]): void {
  if (x < 0 || y < 0 || x >= W || y >= H) return;
  const i = (Math.round(y) * W + Math.round(x)) * 3;
  rgb[i] = c[0] as number;
  rgb[i + 1] = c[1] as number;
  rgb[i + 2] = c[2] as number;
}

/** A white disc of radius r pixels centred on (u, v). */
function disc(rgb: Uint8Array, u: number, v: number, r: number, c: readonly number[] = [250, 250, 246]): void {
  for (let y = Math.floor(v - r); y <= Math.ceil(v + r); y++) {
    for (let x = Math.floor(u - r); x <= Math.ceil(u + r); x++) if (Math.hypot(x + 0.5 - u, y + 0.5 - v) <= r) paint(rgb, x, y, c);
  }
}

describe('ballSpecks', () => {
  const cam = broadcastCamera();
  const proj = projector(cam);

  it('finds a ball lying on open grass, on the pitch and just beyond the touchline', () => {
    const rgb = grass();
    const onPitch = proj.project(40, 30, 0.11) as [number, number];
    const outside = proj.project(60, 70.5, 0.11) as [number, number];
    disc(rgb, onPitch[0], onPitch[1], 1.8);
    disc(rgb, outside[0], outside[1], 1.4);
    const found = ballSpecks(rgb, cam, [], []);
    expect(found.length).toBe(2);
    const near = (p: [number, number]) => found.find((c) => Math.hypot(c.u - p[0], c.v - p[1]) < 2);
    expect(near(onPitch)?.kind).toBe('speck');
    expect(Math.hypot((near(onPitch)?.x ?? 0) - 40, (near(onPitch)?.y ?? 0) - 30)).toBeLessThan(0.6);
    expect(near(outside)).toBeDefined();
  });

  it('ignores white that is not a ball: a painted line, letters on a board, a player the detector has, the far stands', () => {
    const rgb = grass(2);
    // The centre circle, broken into specks of paint where it runs diagonally across the picture.
    for (let a = 0; a < 2 * Math.PI; a += 0.0005) {
      const p = proj.project(52.5 + 9.15 * Math.cos(a), 34 + 9.15 * Math.sin(a), 0);
      if (p && Math.floor(a * 60) % 3 === 0) paint(rgb, p[0], p[1], [235, 240, 230]);
    }
    // An orange board past the far touchline with white letters on it.
    const a = proj.project(30, 73, 0) as [number, number];
    const b = proj.project(70, 73, 1) as [number, number];
    for (let y = Math.round(b[1]); y <= Math.round(a[1]); y++) for (let x = Math.round(a[0]); x <= Math.round(b[0]); x++) paint(rgb, x, y, [240, 130, 10]);
    for (let x = Math.round(a[0]) + 4; x < b[0] - 4; x += 9) disc(rgb, x, (a[1] + b[1]) / 2, 1.5);
    // A detected player: a white number on a dark shirt, white socks at his feet.
    const shirt = proj.project(70, 20, 1.2) as [number, number];
    const person = { box: [shirt[0] - 5, shirt[1] - 10, shirt[0] + 5, shirt[1] + 20] };
    for (let y = shirt[1] - 8; y <= shirt[1] + 10; y++) for (let x = shirt[0] - 4; x <= shirt[0] + 4; x++) paint(rgb, x, y, [30, 40, 120]);
    disc(rgb, shirt[0], shirt[1], 2);
    disc(rgb, shirt[0] - 2, shirt[1] + 18, 1.2);
    expect(ballSpecks(rgb, cam, [person], [])).toEqual([]);
  });

  it('finds a ball lying just beyond a player, inside his box but on grass (a throw-in)', () => {
    // Zoomed in on the far touchline: the ball is 4-5 px across, enough to tell round from a stroke.
    const near = broadcastCamera({ tilt: 0.22, focal: 2400 });
    const nearProj = projector(near);
    const rgb = grass(4);
    const feet = nearProj.project(52.5, 68, 0) as [number, number];
    const head = nearProj.project(52.5, 68, 1.8) as [number, number];
    const ball = nearProj.project(52.85, 71, 0.11) as [number, number];
    const person = { box: [feet[0] - 8, head[1], feet[0] + 8, feet[1]] };
    // The thrower: a dark figure a few pixels wide; the ball lies behind him, inside his box, above his feet.
    for (let y = Math.round(head[1]); y <= feet[1]; y++) for (let x = Math.round(feet[0]) - 2; x <= feet[0] + 1; x++) paint(rgb, x, y, [30, 40, 120]);
    disc(rgb, ball[0], ball[1], 2.3);
    expect(ball[0]).toBeLessThan(person.box[2] as number);
    expect(ball[1]).toBeLessThan((person.box[3] as number) - 0.3 * ((person.box[3] as number) - (person.box[1] as number)));
    const found = ballSpecks(rgb, near, [person], []);
    expect(found.length).toBe(1);
    expect(Math.hypot((found[0]?.x ?? 0) - 52.85, (found[0]?.y ?? 0) - 71)).toBeLessThan(0.8);
    // The same speck on a far, small view (the ball 1-2 px): shape tells nothing there, it is left out.
    const far = grass(5);
    const farFeet = proj.project(40, 68, 0) as [number, number];
    const farHead = proj.project(40, 68, 1.8) as [number, number];
    const farBall = proj.project(40.2, 71, 0.11) as [number, number];
    for (let y = Math.round(farHead[1]); y <= farFeet[1]; y++) for (let x = Math.round(farFeet[0]) - 2; x <= farFeet[0] + 1; x++) paint(far, x, y, [30, 40, 120]);
    disc(far, farBall[0], farBall[1], 1.4);
    expect(ballSpecks(far, cam, [{ box: [farFeet[0] - 7, farHead[1], farFeet[0] + 7, farFeet[1]] }], [])).toEqual([]);
    expect(ballSpecks(far, cam, [], []).length).toBe(1);
  });

  it('leaves a ball the blob stage already found to it', () => {
    const rgb = grass(3);
    const p = proj.project(50, 40, 0.11) as [number, number];
    disc(rgb, p[0], p[1], 1.8);
    expect(ballSpecks(rgb, cam, [], [{ u: p[0], v: p[1], x: 50, y: 40, score: 2 }])).toEqual([]);
  });
});

describe('distanceToMarking', () => {
  it('measures from the nearest painted line or spot', () => {
    expect(distanceToMarking(52.5, 20)).toBeCloseTo(0, 6);
    expect(distanceToMarking(30, 10)).toBeCloseTo(10, 6);
    expect(distanceToMarking(11, 34)).toBeCloseTo(0, 6);
  });
});

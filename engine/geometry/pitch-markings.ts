/** Pitch size, metres (the simulator's and the engine's model pitch; spec positions are in its centimetres). */
export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;
const L = PITCH_LENGTH;
const W = PITCH_WIDTH;

/** Laws of the Game markings, metres. */
export const LINE_WIDTH = 0.12;
export const CENTRE_CIRCLE_R = 9.15;
export const PENALTY_AREA = { depth: 16.5, width: 40.32 };
export const GOAL_AREA = { depth: 5.5, width: 18.32 };
export const PENALTY_SPOT = 11;
export const GOAL = { width: 7.32, height: 2.44, depth: 2.0 };
export const CORNER_ARC_R = 1;

export type Polyline = [number, number][];

function arc(cx: number, cy: number, r: number, a0: number, a1: number, steps: number): Polyline {
  const out: Polyline = [];
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return out;
}

/**
 * Every line marking as a ground polyline (centre lines of the painted strips). Curves are sampled
 * finely enough that their projection stays smooth at broadcast zoom.
 */
export function pitchMarkings(): Polyline[] {
  const lines: Polyline[] = [
    [[0, 0], [L, 0], [L, W], [0, W], [0, 0]],
    [[L / 2, 0], [L / 2, W]],
    arc(L / 2, W / 2, CENTRE_CIRCLE_R, 0, 2 * Math.PI, 72),
  ];
  for (const side of [0, 1]) {
    const gx = side === 0 ? 0 : L;
    const dir = side === 0 ? 1 : -1;
    const box = (depth: number, width: number): Polyline => [
      [gx, W / 2 - width / 2], [gx + dir * depth, W / 2 - width / 2], [gx + dir * depth, W / 2 + width / 2], [gx, W / 2 + width / 2],
    ];
    lines.push(box(PENALTY_AREA.depth, PENALTY_AREA.width), box(GOAL_AREA.depth, GOAL_AREA.width));
    // The penalty arc: the part of the 9.15 m circle round the spot outside the area.
    const spot = gx + dir * PENALTY_SPOT;
    const half = Math.acos((PENALTY_AREA.depth - PENALTY_SPOT) / CENTRE_CIRCLE_R);
    const centre = side === 0 ? 0 : Math.PI;
    lines.push(arc(spot, W / 2, CENTRE_CIRCLE_R, centre - half, centre + half, 24));
  }
  for (const [x, y, a0] of [[0, 0, 0], [L, 0, Math.PI / 2], [L, W, Math.PI], [0, W, -Math.PI / 2]] as const) {
    lines.push(arc(x, y, CORNER_ARC_R, a0, a0 + Math.PI / 2, 8));
  }
  return lines;
}

/** Spots (centre and penalty spots): [x, y, radius]. */
export function pitchSpots(): [number, number, number][] {
  return [[L / 2, W / 2, 0.15], [PENALTY_SPOT, W / 2, 0.11], [L - PENALTY_SPOT, W / 2, 0.11]];
}

/**
 * Named pitch keypoints (line intersections and ends), the targets of calibration training:
 * corners, box corners, halfway ends, centre-circle crossings, spots.
 */
export function pitchKeypoints(): { name: string; x: number; y: number }[] {
  const pts: { name: string; x: number; y: number }[] = [
    { name: 'corner_bl', x: 0, y: 0 }, { name: 'corner_br', x: L, y: 0 }, { name: 'corner_tr', x: L, y: W }, { name: 'corner_tl', x: 0, y: W },
    { name: 'halfway_bottom', x: L / 2, y: 0 }, { name: 'halfway_top', x: L / 2, y: W },
    { name: 'centre', x: L / 2, y: W / 2 },
    { name: 'circle_bottom', x: L / 2, y: W / 2 - CENTRE_CIRCLE_R }, { name: 'circle_top', x: L / 2, y: W / 2 + CENTRE_CIRCLE_R },
    { name: 'circle_left', x: L / 2 - CENTRE_CIRCLE_R, y: W / 2 }, { name: 'circle_right', x: L / 2 + CENTRE_CIRCLE_R, y: W / 2 },
  ];
  for (const [side, gx, dir] of [['l', 0, 1], ['r', L, -1]] as const) {
    for (const [box, depth, width] of [['pa', PENALTY_AREA.depth, PENALTY_AREA.width], ['ga', GOAL_AREA.depth, GOAL_AREA.width]] as const) {
      pts.push(
        { name: `${box}_${side}_goal_bottom`, x: gx, y: W / 2 - width / 2 },
        { name: `${box}_${side}_goal_top`, x: gx, y: W / 2 + width / 2 },
        { name: `${box}_${side}_front_bottom`, x: gx + dir * depth, y: W / 2 - width / 2 },
        { name: `${box}_${side}_front_top`, x: gx + dir * depth, y: W / 2 + width / 2 },
      );
    }
    pts.push({ name: `spot_${side}`, x: gx + dir * PENALTY_SPOT, y: W / 2 });
    pts.push({ name: `post_${side}_bottom`, x: gx, y: W / 2 - GOAL.width / 2 }, { name: `post_${side}_top`, x: gx, y: W / 2 + GOAL.width / 2 });
  }
  return pts;
}

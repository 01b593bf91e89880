import { describe, expect, it } from 'vitest';
import { PitchTracker, type TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, detect, rng } from './synthetic.js';

/**
 * A player runs at a steady 3.6 m/s, vanishes behind others for 20 frames (0.8 s) after frame 49 and is
 * seen again at frame 70, 3 m from where he vanished: straight on, or having turned 45° the moment he was
 * hidden. Four other players stand 8 m or more away.
 */
const VANISH = 49;
const BACK = 70;
const GAP_S = ((BACK - VANISH) * FRAME_MS) / 1000;
const SPEED = 3 / GAP_S;

function path(turnDeg: number) {
  const turn = (turnDeg * Math.PI) / 180;
  const start: [number, number] = [40 - SPEED * VANISH * (FRAME_MS / 1000), 30];
  const vanish: [number, number] = [40, 30];
  return (f: number): [number, number] => {
    const t = (f * FRAME_MS) / 1000;
    if (f <= VANISH) return [start[0] + SPEED * t, start[1]];
    const dt = t - (VANISH * FRAME_MS) / 1000;
    return [vanish[0] + SPEED * dt * Math.cos(turn), vanish[1] + SPEED * dt * Math.sin(turn)];
  };
}

function run(turnDeg: number, seed: number) {
  const at = path(turnDeg);
  const others: Array<[number, number]> = [
    [48, 30],
    [40, 38],
    [32, 24],
    [50, 40],
  ];
  const tracker = new PitchTracker();
  const rand = rng(seed);
  const ids: Array<number | null> = [];
  let velocityBack: [number, number] = [0, 0];
  for (let f = 0; f <= BACK + 20; f++) {
    const hidden = f > VANISH && f < BACK;
    const dets: TrackInput[] = hidden ? [] : [detect(...at(f), rand)];
    for (const [x, y] of others) dets.push(detect(x, y, rand));
    const out = tracker.step(f * FRAME_MS, dets);
    ids.push(hidden ? null : (out[0]?.trackId ?? null));
    if (f === BACK) {
      const t = tracker.tracks().find((k) => k.id === out[0]?.trackId);
      velocityBack = [t?.vx ?? 0, t?.vy ?? 0];
    }
  }
  return { ids, velocityBack, at };
}

describe('PitchTracker: a running player hidden for 20 frames', () => {
  it('the hidden path is as described: 3 m from where he vanished', () => {
    for (const turn of [0, 45]) {
      const at = path(turn);
      const [x0, y0] = at(VANISH);
      const [x1, y1] = at(BACK);
      expect(Math.hypot(x1 - x0, y1 - y0)).toBeCloseTo(3, 6);
    }
  });

  it.each([0, 45])('turning %i° while hidden, he is given his id back', (turn) => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { ids } = run(turn, seed);
      const before = ids[VANISH];
      expect(before).not.toBeNull();
      for (let f = 3; f < ids.length; f++) if (ids[f] !== null) expect(ids[f], `seed ${seed} frame ${f}`).toBe(before);
      expect(ids[BACK]).toBe(before);
    }
  });

  it('re-estimates his velocity from the two observations around the gap (OC-SORT), not from the stale one', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { velocityBack } = run(45, seed);
      // The chord from where he vanished to where he came back points at 45°; the stale velocity at 0°.
      const heading = (Math.atan2(velocityBack[1], velocityBack[0]) * 180) / Math.PI;
      expect(Math.abs(heading - 45), `seed ${seed}: heading ${heading.toFixed(1)}°`).toBeLessThan(15);
      expect(Math.hypot(...velocityBack)).toBeGreaterThan(0.6 * SPEED);
    }
  });

  it('the track coasts on its prediction while hidden, then is deleted after 1.5 s unseen', () => {
    const at = path(0);
    const tracker = new PitchTracker();
    const rand = rng(9);
    let id = -1;
    for (let f = 0; f <= VANISH; f++) id = tracker.step(f * FRAME_MS, [detect(...at(f), rand)])[0]?.trackId ?? -1;
    const lastSeen = VANISH * FRAME_MS;
    let f = VANISH + 1;
    // 1.48 s unseen: still there, coasting on at about his speed (5.3 m on; a velocity known to about
    // 0.5-1 m/s per axis puts the prediction within a metre or two).
    for (; f * FRAME_MS - lastSeen <= 1480; f++) tracker.step(f * FRAME_MS, []);
    const coasting = tracker.tracks().find((t) => t.id === id);
    expect(coasting?.lastSeenMs).toBe(lastSeen);
    expect(coasting?.confirmed).toBe(true);
    const [tx, ty] = at(f - 1);
    expect((coasting?.x ?? 0) - at(VANISH)[0]).toBeGreaterThan(3);
    expect(Math.hypot((coasting?.x ?? 0) - tx, (coasting?.y ?? 0) - ty)).toBeLessThan(2.5);
    // 1.52 s: gone.
    tracker.step(f * FRAME_MS, []);
    expect(tracker.tracks().find((t) => t.id === id)).toBeUndefined();
  });
});

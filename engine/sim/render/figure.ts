/** 3D joints of a running person at a foot point, facing `heading` (radians, 0 = +x), metres. */
export interface Joints {
  head: [number, number, number];
  neck: [number, number, number];
  shoulderL: [number, number, number];
  shoulderR: [number, number, number];
  handL: [number, number, number];
  handR: [number, number, number];
  elbowL: [number, number, number];
  elbowR: [number, number, number];
  hipL: [number, number, number];
  hipR: [number, number, number];
  kneeL: [number, number, number];
  kneeR: [number, number, number];
  footL: [number, number, number];
  footR: [number, number, number];
}

export const BODY = {
  height: 1.8,
  hip: 0.95,
  shoulder: 1.45,
  neck: 1.55,
  head: 1.68,
  headRadius: 0.11,
  shoulderHalf: 0.2,
  hipHalf: 0.1,
  thigh: 0.45,
  shin: 0.47,
  upperArm: 0.3,
  forearm: 0.28,
};

/**
 * A simple gait: legs swing fore and aft with the running phase, arms against them; the amplitude grows
 * with speed (standing still: legs straight, arms down). `phase` advances with distance run.
 */
export function figureJoints(x: number, y: number, heading: number, phase: number, speed: number, height = BODY.height): Joints {
  const s = height / BODY.height;
  const fx = Math.cos(heading);
  const fy = Math.sin(heading);
  // Lateral axis (to the player's left).
  const lx = -fy;
  const ly = fx;
  const amp = Math.min(1, speed / 7);
  const at = (fwd: number, side: number, up: number): [number, number, number] =>
    [x + (fx * fwd + lx * side) * s, y + (fy * fwd + ly * side) * s, up * s];
  const leg = (sign: number) => {
    const swing = Math.sin(phase + (sign > 0 ? 0 : Math.PI)) * 0.55 * amp;
    const lift = Math.max(0, Math.sin(phase + (sign > 0 ? Math.PI / 2 : -Math.PI / 2))) * 0.5 * amp;
    const kneeFwd = Math.sin(swing) * BODY.thigh;
    const kneeUp = BODY.hip - Math.cos(swing) * BODY.thigh;
    const shinAngle = swing - lift * 1.4;
    return {
      hip: at(0, sign * BODY.hipHalf, BODY.hip),
      knee: at(kneeFwd, sign * BODY.hipHalf, kneeUp),
      foot: at(kneeFwd + Math.sin(shinAngle) * BODY.shin, sign * BODY.hipHalf, Math.max(0.02, kneeUp - Math.cos(shinAngle) * BODY.shin)),
    };
  };
  const arm = (sign: number) => {
    const swing = -Math.sin(phase + (sign > 0 ? 0 : Math.PI)) * 0.7 * amp;
    const elbow = at(Math.sin(swing) * BODY.upperArm, sign * (BODY.shoulderHalf + 0.03), BODY.shoulder - Math.cos(swing) * BODY.upperArm);
    const bend = swing + 0.4 + amp * 0.8;
    const hand = at(Math.sin(swing) * BODY.upperArm + Math.sin(bend) * BODY.forearm, sign * (BODY.shoulderHalf + 0.04),
      BODY.shoulder - Math.cos(swing) * BODY.upperArm - Math.cos(bend) * BODY.forearm);
    return { shoulder: at(0, sign * BODY.shoulderHalf, BODY.shoulder), elbow, hand };
  };
  const left = leg(1);
  const right = leg(-1);
  const armL = arm(1);
  const armR = arm(-1);
  // Runners lean forward a little.
  const lean = 0.12 * amp;
  return {
    head: at(lean, 0, BODY.head),
    neck: at(lean * 0.8, 0, BODY.neck),
    shoulderL: [armL.shoulder[0] + fx * lean * 0.7 * s, armL.shoulder[1] + fy * lean * 0.7 * s, armL.shoulder[2]],
    shoulderR: [armR.shoulder[0] + fx * lean * 0.7 * s, armR.shoulder[1] + fy * lean * 0.7 * s, armR.shoulder[2]],
    elbowL: armL.elbow,
    elbowR: armR.elbow,
    handL: armL.hand,
    handR: armR.hand,
    hipL: left.hip,
    hipR: right.hip,
    kneeL: left.knee,
    kneeR: right.knee,
    footL: left.foot,
    footR: right.foot,
  };
}

/** Stride length grows with speed: about 1 m jogging, 2.2 m sprinting; the phase turns 2π per stride pair. */
export function advancePhase(phase: number, distance: number, speed: number): number {
  const stride = 0.9 + 0.14 * Math.min(speed, 9.5);
  return phase + (distance / stride) * Math.PI;
}

import { pitchMarkings } from '../../geometry/pitch-markings.js';

/** Points along the painted lines of the model pitch (metres, z = 0) with the line's direction there. */
export interface PitchModel {
  count: number;
  x: Float64Array;
  y: Float64Array;
  /** Unit tangent of the line at the point. */
  tx: Float64Array;
  ty: Float64Array;
  /** A neighbouring point on the same marking (the next one, the previous one at a marking's end): their picture distance is the picture length of a stretch. */
  pair: Int32Array;
}

/** Samples every marking each `step` metres (segment ends included once). */
export function pitchModel(step: number): PitchModel {
  const xs: number[] = [];
  const ys: number[] = [];
  const txs: number[] = [];
  const tys: number[] = [];
  const pair: number[] = [];
  for (const line of pitchMarkings()) {
    const first = xs.length;
    for (let k = 1; k < line.length; k++) {
      const [x0, y0] = line[k - 1] as [number, number];
      const [x1, y1] = line[k] as [number, number];
      const len = Math.hypot(x1 - x0, y1 - y0);
      if (len === 0) continue;
      const n = Math.max(1, Math.round(len / step));
      for (let i = k === 1 ? 0 : 1; i <= n; i++) {
        xs.push(x0 + ((x1 - x0) * i) / n);
        ys.push(y0 + ((y1 - y0) * i) / n);
        txs.push((x1 - x0) / len);
        tys.push((y1 - y0) / len);
      }
    }
    for (let i = first; i < xs.length; i++) pair.push(i + 1 < xs.length ? i + 1 : Math.max(first, i - 1));
  }
  return { count: xs.length, x: Float64Array.from(xs), y: Float64Array.from(ys), tx: Float64Array.from(txs), ty: Float64Array.from(tys), pair: Int32Array.from(pair) };
}

/** Metres a model is nudged along its lines to find each point's direction (and picture length) by projecting both. */
export const TANGENT_NUDGE = 0.25;

const offsets = new WeakMap<PitchModel, Map<string, PitchModel>>();
/**
 * The model with every point moved `along` metres along its line and `across` metres across it (to the
 * left of its direction), made once per model and offset. Projecting a model and its offset copy gives
 * each point's picture direction (along) or its line's width in the picture (across, one line width).
 */
export function offsetModel(model: PitchModel, along: number, across: number): PitchModel {
  let byOffset = offsets.get(model);
  if (!byOffset) {
    byOffset = new Map();
    offsets.set(model, byOffset);
  }
  const key = `${along},${across}`;
  let m = byOffset.get(key);
  if (!m) {
    m = {
      count: model.count,
      x: model.x.map((x, i) => x + along * (model.tx[i] as number) - across * (model.ty[i] as number)),
      y: model.y.map((y, i) => y + along * (model.ty[i] as number) + across * (model.tx[i] as number)),
      tx: model.tx,
      ty: model.ty,
      pair: model.pair,
    };
    byOffset.set(key, m);
  }
  return m;
}

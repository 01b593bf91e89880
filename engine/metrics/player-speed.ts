import {
  NO_PLAYER, ROLE_GOAL_KEEPER, ROLE_PLAYER, STATUS_DETECTED, STATUS_DETECTED_OVERLAP, type TrackingColumns,
} from '../results/tracking-columns.js';
import { savgolSlopeWeights } from './savitzky-golay.js';

/**
 * Smoothed per-row player speed (spec 2.8 `speed_mps`; the summary's physical stats, SUM-08/SUM-09).
 *
 * Method: the detection-backed rows of each player id form a time-ordered series; it is cut into gap-free
 * stretches (consecutive samples exactly one frame apart, and no teleport step between them), and x and y
 * (centimetres) are differentiated within each stretch with a quadratic Savitzky-Golay first-derivative
 * filter (Savitzky and Golay, Analytical Chemistry 36(8), 1964; see savitzky-golay.ts); speed is the
 * length of the velocity vector. Projected rows, gaps and stretch boundaries are never bridged, so time the
 * player was not seen contributes nothing. Speeds above MAX_PLAUSIBLE_SPEED_MPS are dropped as glitches.
 */

/** World-class top speed is about 10-11 m/s; anything above this is a tracking glitch, not running. */
export const MAX_PLAUSIBLE_SPEED_MPS = 12;
/**
 * A single frame-to-frame step implying more than this speed (1 m per 40 ms frame) is a teleport (identity
 * switch or misdetection), not motion plus detection noise, so the stretch is cut there: without the cut the
 * filter would smear the jump over its whole window and book it as running distance. It sits well above
 * MAX_PLAUSIBLE_SPEED_MPS so that ordinary pixel jitter at sprint speed does not fragment stretches.
 */
export const TELEPORT_STEP_MPS = 25;
/** 9 samples = 0.36 s at 25 fps: long enough to average out jitter, short enough to follow a sprint start. */
export const DEFAULT_SMOOTHING_WINDOW = 9;
/**
 * Fewest samples (0.2 s at 25 fps) a stretch needs for a speed. A foot point wanders by a decimetre or two
 * from frame to frame, so the difference of two positions 40 ms apart is the speed give or take 5 m/s:
 * on the fresh rendered fixture a two-sample stretch beside an identity switch read 37 km/h for a player
 * the simulation ran at 9 km/h there. Over five samples the quadratic's slope is a speed again.
 */
export const MIN_STRETCH = 5;

export interface RowSpeedOptions {
  /** Time between consecutive detection rows, ms (40 at 25 fps). */
  frameMs?: number;
  /** Odd window length in samples for the filter. */
  window?: number;
  maxSpeedMps?: number;
  teleportStepMps?: number;
}

/**
 * Detection-backed rows per player index, compressed-sparse-row style: the rows of player p are
 * rows[offsets[p]] .. rows[offsets[p + 1] - 1], in time order.
 */
export interface PlayerRows {
  offsets: Int32Array;
  rows: Int32Array;
}

/**
 * Player index of row i when it is a detection-backed player row (SUM-09: a player or goalkeeper row with
 * a known id that a camera actually saw), else NO_PLAYER. Takes the columns, not the table, so that loops
 * over every row hoist them.
 */
export function detectedPlayerAt(role: Uint8Array, status: Uint8Array, player: Int16Array, i: number): number {
  const r = role[i] as number;
  const st = status[i] as number;
  return (r === ROLE_PLAYER || r === ROLE_GOAL_KEEPER) && (st === STATUS_DETECTED || st === STATUS_DETECTED_OVERLAP)
    ? (player[i] as number)
    : NO_PLAYER;
}

export function isPlayerDetectionRow(cols: TrackingColumns, i: number): boolean {
  return detectedPlayerAt(cols.role, cols.status, cols.player, i) !== NO_PLAYER;
}

/** First half of a counting sort by player index: offsets[p] = number of samples of players before p. */
function countPerPlayer(cols: TrackingColumns): Int32Array {
  const nPlayers = cols.players.length;
  const { role, status, player } = cols;
  const offsets = new Int32Array(nPlayers + 1);
  for (let i = 0; i < cols.length; i++) {
    const q = detectedPlayerAt(role, status, player, i);
    if (q !== NO_PLAYER) offsets[q + 1] = (offsets[q + 1] as number) + 1;
  }
  for (let p = 0; p < nPlayers; p++) offsets[p + 1] = (offsets[p + 1] as number) + (offsets[p] as number);
  return offsets;
}

/** Groups detection-backed player rows by player index with a counting sort (two linear passes, no maps). */
export function groupPlayerDetectionRows(cols: TrackingColumns): PlayerRows {
  const offsets = countPerPlayer(cols);
  const rows = new Int32Array(offsets[cols.players.length] as number);
  const fill = offsets.slice(0, cols.players.length);
  const { role, status, player } = cols;
  for (let i = 0; i < cols.length; i++) {
    const q = detectedPlayerAt(role, status, player, i);
    if (q === NO_PLAYER) continue;
    const k = fill[q] as number;
    fill[q] = k + 1;
    rows[k] = i;
  }
  return { offsets, rows };
}

/**
 * Smoothed speed in m/s for every row (same length as cols); NaN for the ball, referees, rows without a
 * player id, projected rows, samples in stretches shorter than MIN_STRETCH and speeds above the
 * plausibility limit. A stretch shorter than the window uses the largest odd window that fits.
 * Samples nearer a stretch's end than half a window take the slope at the centre of the window at that end
 * (the straight line's through it, the mean speed over it): the quadratic's slope at a window's end
 * takes the foot point's jitter 3.7 times as strongly (9 samples; 3.5 times over 5), and a top speed is
 * the largest of those samples (on the fresh rendered fixture a stretch's last sample read 36.1 km/h where
 * the simulated player ran 34). Under acceleration that mean lags by at most a half window (0.16 s).
 *
 * Implementation: one pass over the rows in time order. Each player keeps the last `window` samples of its
 * current stretch in a small ring; a sample's speed is written as soon as the samples its window needs
 * have arrived (m = (window - 1) / 2 rows of that player later), and the remaining ones when the stretch
 * ends. That is the per-player grouping without materialising it: the columns are read once,
 * sequentially, and every write lands a few frames behind the read position, in cache.
 */
export function computeRowSpeeds(cols: TrackingColumns, options: RowSpeedOptions = {}): Float32Array {
  const frameMs = options.frameMs ?? 40;
  const w = options.window ?? DEFAULT_SMOOTHING_WINDOW;
  if (!(frameMs > 0)) throw new Error(`frameMs must be positive, got ${frameMs}`);
  if (!Number.isInteger(w) || w < 3 || w % 2 === 0) throw new Error(`window must be an odd integer >= 3, got ${w}`);
  const teleportCm = ((options.teleportStepMps ?? TELEPORT_STEP_MPS) * frameMs) / 10;
  const teleportCm2 = teleportCm * teleportCm;
  const out = new Float32Array(cols.length).fill(Number.NaN);
  // Positions are centimetres and time steps are frames: slope (cm/frame) * 10 / frameMs = m/s.
  const rings = new StretchRings(cols.players.length, w, 10 / frameMs, options.maxSpeedMps ?? MAX_PLAUSIBLE_SPEED_MPS, out);
  scanRows(cols, rings, frameMs, teleportCm2);
  for (let q = 0; q < cols.players.length; q++) if ((rings.stretchLen[q] as number) > 0) rings.finish(q);
  return out;
}

/**
 * The hot loop, in a function of its own that does nothing after it: V8 optimises it on-stack while it
 * runs, and code after the loop (which has never run at that point) would throw that optimisation away
 * on every call. It works on locals, never on variables captured by closures (those live on the heap).
 */
function scanRows(cols: TrackingColumns, rings: StretchRings, frameMs: number, teleportCm2: number): void {
  const { ringX, ringY, ringRow, stretchLen, head, lastT, span, central, m, w, toMps, maxSpeed, out } = rings;
  const { role, status, player, timestamp, x: xs, y: ys } = cols;
  const n = cols.length;
  for (let i = 0; i < n; i++) {
    const q = detectedPlayerAt(role, status, player, i);
    if (q === NO_PLAYER) continue;
    const t = timestamp[i] as number;
    const x = xs[i] as number;
    const y = ys[i] as number;
    const base = q * span;
    let len = stretchLen[q] as number;
    let at = head[q] as number;
    if (len > 0) {
      const prev = base + (at === 0 ? w - 1 : at - 1);
      const dx = x - (ringX[prev] as number);
      const dy = y - (ringY[prev] as number);
      if (t - (lastT[q] as number) !== frameMs || dx * dx + dy * dy > teleportCm2) {
        rings.finish(q);
        len = 0;
        at = 0;
      }
    }
    const slot = base + at;
    ringX[slot] = x;
    ringX[slot + w] = x;
    ringY[slot] = y;
    ringY[slot + w] = y;
    ringRow[slot] = i;
    ringRow[slot + w] = i;
    len++;
    at = at + 1 === w ? 0 : at + 1;
    stretchLen[q] = len;
    head[q] = at;
    lastT[q] = t;
    if (len < w) continue;
    const s = base + at;
    if (len === w) rings.start(s);
    // Centred window (antisymmetric weights, so half the products) for the sample m behind the newest.
    const c = s + m;
    let vx = 0;
    let vy = 0;
    for (let k = 1; k <= m; k++) {
      const hk = central[k] as number;
      vx += hk * ((ringX[c + k] as number) - (ringX[c - k] as number));
      vy += hk * ((ringY[c + k] as number) - (ringY[c - k] as number));
    }
    const v = Math.sqrt(vx * vx + vy * vy) * toMps;
    if (v <= maxSpeed) out[ringRow[c] as number] = v;
  }
}

/**
 * Per-player state of the current stretch: a ring of 2w slots per player, each sample stored at slot and
 * slot + w, so that the last w samples are always contiguous (starting at `head`, the next slot to write)
 * and the filter needs no modulo per tap. A stretch starts writing at slot 0, so one shorter than w lies
 * unwrapped at base .. base + len - 1.
 */
class StretchRings {
  readonly span: number;
  readonly m: number;
  readonly ringX: Float64Array;
  readonly ringY: Float64Array;
  readonly ringRow: Int32Array;
  readonly stretchLen: Int32Array;
  readonly head: Int32Array;
  readonly lastT: Int32Array;
  /** Savitzky-Golay weights per odd window length 3..w, [p * w + j]. */
  readonly weights: (Float64Array | undefined)[] = [];
  /** Centre weights of the w window for offsets 1..m (those of -k are their negatives). */
  readonly central: Float64Array;

  constructor(nPlayers: number, readonly w: number, readonly toMps: number, readonly maxSpeed: number, readonly out: Float32Array) {
    this.span = 2 * w;
    this.m = (w - 1) >> 1;
    this.ringX = new Float64Array(nPlayers * this.span);
    this.ringY = new Float64Array(nPlayers * this.span);
    this.ringRow = new Int32Array(nPlayers * this.span);
    this.stretchLen = new Int32Array(nPlayers);
    this.head = new Int32Array(nPlayers);
    this.lastT = new Int32Array(nPlayers);
    for (let k = 3; k <= w; k += 2) this.weights[k] = savgolSlopeWeights(k);
    const h = this.weights[w] as Float64Array;
    this.central = h.slice(this.m * w + this.m, this.m * w + w);
  }

  /** The stretch just reached w samples (from slot s): its first m samples take the slope at that window's centre. */
  start(s: number): void {
    const v = pinnedSlope(this.ringX, this.ringY, s, this.m, this.w, this.weights[this.w] as Float64Array);
    for (let p = 0; p < this.m; p++) this.emit(this.ringRow[s + p] as number, v);
  }

  /** Ends player q's stretch: speeds for its last m samples, or for all of it when it never reached w. */
  finish(q: number): void {
    const len = this.stretchLen[q] as number;
    const base = q * this.span;
    const { ringX, ringY, ringRow, w } = this;
    if (len >= w) {
      const s = base + (this.head[q] as number);
      const v = pinnedSlope(ringX, ringY, s, this.m, w, this.weights[w] as Float64Array);
      for (let p = this.m + 1; p < w; p++) this.emit(ringRow[s + p] as number, v);
    } else if (len >= MIN_STRETCH) {
      const ws = len % 2 === 1 ? len : len - 1;
      const hs = this.weights[ws] as Float64Array;
      const ms = (ws - 1) >> 1;
      for (let i = 0; i < len; i++) {
        const s = Math.min(Math.max(i - ms, 0), len - ws);
        this.emit(ringRow[base + i] as number, pinnedSlope(ringX, ringY, base + s, ms, ws, hs));
      }
    }
    this.stretchLen[q] = 0;
    this.head[q] = 0;
  }

  private emit(row: number, slopePerFrame: number): void {
    const v = slopePerFrame * this.toMps;
    if (v <= this.maxSpeed) this.out[row] = v;
  }
}

/** Speed (cm per frame) of the quadratic fitted to the w samples from s, at window position p. */
function pinnedSlope(gx: Float64Array, gy: Float64Array, s: number, p: number, w: number, h: Float64Array): number {
  const row = p * w;
  let vx = 0;
  let vy = 0;
  for (let j = 0; j < w; j++) {
    const c = h[row + j] as number;
    vx += c * (gx[s + j] as number);
    vy += c * (gy[s + j] as number);
  }
  return Math.sqrt(vx * vx + vy * vy);
}

/**
 * Tracking rows (spec 2.7) held column-wise: one typed array per column, one entry per row, so that
 * 3-4 million rows of a match cost about 100 MB and every computation is a loop over plain arrays.
 * Rows are ordered by timestamp, then by the order in which objects were first added (stable), which
 * makes every file written from them deterministic.
 */
export const ROLES = ['player', 'goal_keeper', 'ball', 'referee'] as const;
export type TrackingRole = (typeof ROLES)[number];
export const ROLE_PLAYER = 0;
export const ROLE_GOAL_KEEPER = 1;
export const ROLE_BALL = 2;
export const ROLE_REFEREE = 3;

export const STATUSES = ['detected', 'detected_overlap', 'projected', 'projected_nocam'] as const;
export type RowStatus = (typeof STATUSES)[number];
export const STATUS_DETECTED = 0;
export const STATUS_DETECTED_OVERLAP = 1;
export const STATUS_PROJECTED = 2;
export const STATUS_PROJECTED_NOCAM = 3;

/** Projected rows come every 200 ms (spec 2.7: 5 Hz), one every fifth frame at 25 FPS; each stands for that long. */
export const PROJECTED_STEP_MS = 200;

/** Null in the int16 pixel columns (a real pixel coordinate is never -32768). */
export const NULL_I16 = -32768;
/** Null in the player and overlap-partner index columns. */
export const NO_PLAYER = -1;

export interface TrackingColumns {
  length: number;
  /** Player ids (`0-10`, `1-GK`) the index columns point into, in first-seen order. */
  players: string[];
  /** Milliseconds from match start. */
  timestamp: Int32Array;
  /** Index into ROLES. */
  role: Uint8Array;
  /** Index into `players`, NO_PLAYER when the id is unknown or the row is not a player. */
  player: Int16Array;
  /** 0-1; stored as float16 in files. */
  playerIdConf: Float32Array;
  /** Pitch centimetres, origin bottom-left: x 0-10500, y 0-6800. */
  x: Int16Array;
  y: Int16Array;
  /** Pixel of the box's centre (x) and bottom (y); NULL_I16 on projected rows. */
  bboxX: Int16Array;
  bboxY: Int16Array;
  /** Index into STATUSES. */
  status: Uint8Array;
  /** Index into `players` on detected_overlap rows, NO_PLAYER otherwise. */
  overlap: Int16Array;
  /** 0-1 on projected rows, NaN (null) on detected rows. */
  positionConf: Float32Array;
  identityConf: Float32Array;
  /**
   * Touchline extensions, not spec 2.7 columns (downloads leave them out): the engine's squad label
   * (0 = team_0, 1 = team_1, NO_TEAM) even when the jersey is unreadable, and the tracker's own id of
   * the object (NO_TRACK for imports), which is what reports fall back on before identities exist.
   */
  team: Int8Array;
  track: Int32Array;
}

/** Null in the team column. */
export const NO_TEAM = -1;
/** Null in the track column. */
export const NO_TRACK = -1;

export const COLUMN_NAMES = [
  'timestamp', 'role', 'player', 'playerIdConf', 'x', 'y', 'bboxX', 'bboxY', 'status', 'overlap', 'positionConf', 'identityConf', 'team', 'track',
] as const;
export type ColumnName = (typeof COLUMN_NAMES)[number];

export function emptyColumns(capacity: number, players: string[] = []): TrackingColumns {
  return {
    length: 0,
    players,
    timestamp: new Int32Array(capacity),
    role: new Uint8Array(capacity),
    player: new Int16Array(capacity),
    playerIdConf: new Float32Array(capacity),
    x: new Int16Array(capacity),
    y: new Int16Array(capacity),
    bboxX: new Int16Array(capacity),
    bboxY: new Int16Array(capacity),
    status: new Uint8Array(capacity),
    overlap: new Int16Array(capacity),
    positionConf: new Float32Array(capacity),
    identityConf: new Float32Array(capacity),
    team: new Int8Array(capacity).fill(NO_TEAM),
    track: new Int32Array(capacity).fill(NO_TRACK),
  };
}

/** One row for appending; optional members default to a detected row without pixels or confidences. */
export interface RowInput {
  timestamp: number;
  role: number;
  player: number;
  playerIdConf: number;
  x: number;
  y: number;
  bboxX?: number;
  bboxY?: number;
  status?: number;
  overlap?: number;
  positionConf?: number;
  identityConf?: number;
  team?: number;
  track?: number;
}

/**
 * Appends rows, growing the arrays as needed. Callers append in timestamp order (the builder checks),
 * which is how every engine stage and import produces them.
 */
export class TrackingBuilder {
  private cols: TrackingColumns;
  private readonly index = new Map<string, number>();

  constructor(capacity = 1 << 16) {
    this.cols = emptyColumns(capacity);
  }

  playerIndex(id: string | null): number {
    if (id === null) return NO_PLAYER;
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.cols.players.length;
      if (i >= 32767) throw new Error('more than 32767 distinct player ids in one analysis');
      this.cols.players.push(id);
      this.index.set(id, i);
    }
    return i;
  }

  push(r: RowInput): void {
    const c = this.cols;
    const n = c.length;
    if (n > 0 && r.timestamp < (c.timestamp[n - 1] as number)) {
      throw new Error(`tracking rows out of order: ${r.timestamp} ms after ${c.timestamp[n - 1]} ms`);
    }
    if (n === c.timestamp.length) this.grow();
    const g = this.cols;
    g.timestamp[n] = r.timestamp;
    g.role[n] = r.role;
    g.player[n] = r.player;
    g.playerIdConf[n] = r.playerIdConf;
    g.x[n] = r.x;
    g.y[n] = r.y;
    g.bboxX[n] = r.bboxX ?? NULL_I16;
    g.bboxY[n] = r.bboxY ?? NULL_I16;
    g.status[n] = r.status ?? STATUS_DETECTED;
    g.overlap[n] = r.overlap ?? NO_PLAYER;
    g.positionConf[n] = r.positionConf ?? Number.NaN;
    g.identityConf[n] = r.identityConf ?? Number.NaN;
    g.team[n] = r.team ?? NO_TEAM;
    g.track[n] = r.track ?? NO_TRACK;
    g.length = n + 1;
  }

  finish(): TrackingColumns {
    return sliceColumns(this.cols, 0, this.cols.length);
  }

  private grow(): void {
    const old = this.cols;
    const next = emptyColumns(Math.max(1024, old.timestamp.length * 2), old.players);
    for (const name of COLUMN_NAMES) (next[name] as { set(a: ArrayLike<number>): void }).set(old[name]);
    next.length = old.length;
    this.cols = next;
  }
}

/** Rows [from, to) as views (no copy) over the same buffers. */
export function sliceColumns(c: TrackingColumns, from: number, to: number): TrackingColumns {
  return {
    length: to - from,
    players: c.players,
    timestamp: c.timestamp.subarray(from, to),
    role: c.role.subarray(from, to),
    player: c.player.subarray(from, to),
    playerIdConf: c.playerIdConf.subarray(from, to),
    x: c.x.subarray(from, to),
    y: c.y.subarray(from, to),
    bboxX: c.bboxX.subarray(from, to),
    bboxY: c.bboxY.subarray(from, to),
    status: c.status.subarray(from, to),
    overlap: c.overlap.subarray(from, to),
    positionConf: c.positionConf.subarray(from, to),
    identityConf: c.identityConf.subarray(from, to),
    team: c.team.subarray(from, to),
    track: c.track.subarray(from, to),
  };
}

export const isDetectedStatus = (s: number): boolean => s === STATUS_DETECTED || s === STATUS_DETECTED_OVERLAP;

/** First row index whose timestamp is >= t (binary search; rows are time-ordered). */
export function lowerBoundTime(c: TrackingColumns, t: number): number {
  let lo = 0;
  let hi = c.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((c.timestamp[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

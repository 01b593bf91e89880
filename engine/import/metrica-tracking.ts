/**
 * Metrica's tracking CSV (one file per team): three header lines (team, shirt numbers, then
 * `Period,Frame,Time [s],Player11,,Player1,,...,Ball,`), then one line per 25 Hz frame with an x,y
 * pair per player and for the ball, normalised 0-1 from the top-left corner; `NaN` off the pitch.
 */
export interface MetricaTeamTracking {
  /** Shirt numbers in column order. */
  jerseys: number[];
  frames: Int32Array;
  periods: Uint8Array;
  /** Pitch metres in our frame (origin bottom-left), [frame * players + player]; NaN when absent. */
  x: Float32Array;
  y: Float32Array;
  ballX: Float32Array;
  ballY: Float32Array;
}

const cell = (s: string | undefined): number => {
  if (s === undefined) return Number.NaN;
  const t = s.trim();
  return t === '' || t === 'NaN' ? Number.NaN : Number(t);
};

export function parseMetricaTracking(text: string, what = 'tracking CSV'): MetricaTeamTracking {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]?.trim() === '') lines.pop();
  if (lines.length < 4) throw new Error(`${what}: expected three header lines and at least one frame`);
  const names = (lines[2] as string).split(',').map((s) => s.trim());
  if (names[0] !== 'Period' || names[1] !== 'Frame') throw new Error(`${what}: third line must start with Period,Frame (Metrica tracking layout)`);
  const shirts = (lines[1] as string).split(',');
  const playerCols: number[] = [];
  const jerseys: number[] = [];
  let ballCol = -1;
  names.forEach((name, i) => {
    if (/^Player\d+$/i.test(name)) {
      const jersey = Number((shirts[i] ?? '').trim() || name.replace(/\D/g, ''));
      if (!Number.isInteger(jersey)) throw new Error(`${what}: no shirt number for column ${name}`);
      playerCols.push(i);
      jerseys.push(jersey);
    } else if (name.toLowerCase() === 'ball') {
      ballCol = i;
    }
  });
  if (playerCols.length === 0) throw new Error(`${what}: no Player columns`);
  const n = lines.length - 3;
  const p = playerCols.length;
  const out: MetricaTeamTracking = {
    jerseys, frames: new Int32Array(n), periods: new Uint8Array(n), x: new Float32Array(n * p), y: new Float32Array(n * p),
    ballX: new Float32Array(n), ballY: new Float32Array(n),
  };
  for (let r = 0; r < n; r++) {
    const row = (lines[r + 3] as string).split(',');
    const frame = cell(row[1]);
    const period = cell(row[0]);
    if (!Number.isInteger(frame) || !Number.isInteger(period)) throw new Error(`${what} line ${r + 4}: Period and Frame must be integers`);
    if (r > 0 && frame <= (out.frames[r - 1] as number)) throw new Error(`${what} line ${r + 4}: frames must increase (frame ${frame})`);
    out.frames[r] = frame;
    out.periods[r] = period;
    for (let j = 0; j < p; j++) {
      const c = playerCols[j] as number;
      out.x[r * p + j] = cell(row[c]) * 105;
      out.y[r * p + j] = (1 - cell(row[c + 1])) * 68;
    }
    out.ballX[r] = ballCol >= 0 ? cell(row[ballCol]) * 105 : Number.NaN;
    out.ballY[r] = ballCol >= 0 ? (1 - cell(row[ballCol + 1])) * 68 : Number.NaN;
  }
  return out;
}

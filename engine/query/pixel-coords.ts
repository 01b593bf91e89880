import type { TeamLabel } from '../results/result-events.js';
import { NULL_I16 } from '../results/tracking-columns.js';
import { isReversed, toAttackingFrame } from '../metrics/attacking-direction.js';
import { eventIndex, playerRowIndex, playerRowRange } from './query-index.js';
import type { CoordinateFrame, PixelSample, QueryContext } from './query-types.js';

/** 4 FPS (QRY-11). */
export const PIXEL_SAMPLE_MS = 250;

const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

/**
 * Where the actor was on screen during [startMs, endMs): one sample per 250 ms on the absolute grid of
 * match time (0, 0.25, 0.5 s ...; so samples of different intervals line up), each taken from the frame
 * on screen at that instant: the player's last detection row at or before it, if it lies less than one
 * frame before. Samples whose frame has no detection of the player, or no pixel, are skipped.
 * `x`/`y` are the box's bottom-centre pixel; `x_m`/`y_m` the pitch position in the requested frame
 * (attacking: the actor's team attacks towards x = 105, QRY-12).
 */
export function pixelSamples(ctx: QueryContext, playerId: string, team: TeamLabel | null, startMs: number, endMs: number, frame: CoordinateFrame): PixelSample[] {
  const idx = playerRowIndex(ctx.tracking);
  const p = idx.byId.get(playerId);
  if (p === undefined) return [];
  const tr = ctx.tracking;
  const dir = eventIndex(ctx.events).direction;
  const first = Math.ceil(startMs / PIXEL_SAMPLE_MS) * PIXEL_SAMPLE_MS;
  const [a, b] = playerRowRange(ctx, p, first - ctx.frameMs + 1, endMs);
  const out: PixelSample[] = [];
  let k = a;
  for (let g = first; g < endMs; g += PIXEL_SAMPLE_MS) {
    while (k < b && (tr.timestamp[idx.rows[k] as number] as number) <= g) k++;
    if (k === a) continue;
    const r = idx.rows[k - 1] as number;
    if ((tr.timestamp[r] as number) <= g - ctx.frameMs) continue;
    const px = tr.bboxX[r] as number;
    const py = tr.bboxY[r] as number;
    if (px === NULL_I16 || py === NULL_I16) continue;
    const reversed = frame === 'attacking' && team !== null && isReversed(dir, team, g);
    const m = toAttackingFrame((tr.x[r] as number) / 100, (tr.y[r] as number) / 100, reversed);
    out.push({ t: g / 1000, x: px, y: py, x_m: round2(m.x), y_m: round2(m.y) });
  }
  return out;
}

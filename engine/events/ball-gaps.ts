/**
 * The ball's short gaps filled: a ball unseen for at most `maxGap` frames between two sightings is
 * put on the straight line between them (video loses the ball behind a player or in a blur for a few
 * frames; without this every such gap would end a spell of control and read as a pass). Longer gaps
 * stay unseen. Returns new arrays; the input is not changed.
 */
export function fillBallGaps(ballX: Float32Array, ballY: Float32Array, maxGap = 12): { ballX: Float32Array; ballY: Float32Array } {
  const x = Float32Array.from(ballX);
  const y = Float32Array.from(ballY);
  let last = -1;
  for (let f = 0; f < x.length; f++) {
    if (Number.isNaN(x[f] as number)) continue;
    const gap = f - last - 1;
    if (last >= 0 && gap > 0 && gap <= maxGap) {
      for (let g = last + 1; g < f; g++) {
        const s = (g - last) / (f - last);
        x[g] = (x[last] as number) + ((x[f] as number) - (x[last] as number)) * s;
        y[g] = (y[last] as number) + ((y[f] as number) - (y[last] as number)) * s;
      }
    }
    last = f;
  }
  return { ballX: x, ballY: y };
}

/**
 * How much the ball's path jitters: the median length of its second difference (m/frame²) over frames
 * where it is seen five frames running. A ball between touches moves in a near-straight line at a
 * near-steady speed, so a clean path scores about 0 (the simulator's truth: 0.002 on the rendered
 * 10-minute fixture) and measurement noise of sigma metres about 2 sigma (the video engine's ball there:
 * 0.045). NaN when too little of the path is seen to say.
 */
export function ballJitter(ballX: Float32Array, ballY: Float32Array): number {
  const d: number[] = [];
  const known = (f: number) => !Number.isNaN(ballX[f] as number);
  for (let f = 2; f < ballX.length - 2; f++) {
    if (!known(f - 2) || !known(f - 1) || !known(f) || !known(f + 1) || !known(f + 2)) continue;
    d.push(Math.hypot((ballX[f + 1] as number) - 2 * (ballX[f] as number) + (ballX[f - 1] as number), (ballY[f + 1] as number) - 2 * (ballY[f] as number) + (ballY[f - 1] as number)));
  }
  if (d.length < 25) return Number.NaN;
  d.sort((a, b) => a - b);
  return d[Math.floor(d.length / 2)] as number;
}

/** Above this jitter (m/frame², about 5 mm of noise a frame) the ball's path is smoothed before the event stages read its motion. */
export const NOISY_BALL_JITTER = 0.01;

/**
 * The ball's path averaged over `radius` frames either side (a 0.2 s window at the default), over the
 * frames where it is known. The touch evidence of ball-control.ts reads speed and direction changes
 * over two frames; a ball from video jitters by a decimetre or two a frame (on the rendered 10-minute
 * fixture 46% of its moving frames turn by over 10 degrees, against 7% in the truth), so unsmoothed every
 * frame looks like a touch and a defender the ball rolls past takes it. A kick still shows: its change
 * of speed is spread over the window, not lost. A clean path is better left alone (the kick's frame and
 * the ball's distance to the players are exact there): callers smooth only a noisy one (ballJitter).
 * Returns new arrays.
 */
export function smoothBallPath(ballX: Float32Array, ballY: Float32Array, radius = 2): { ballX: Float32Array; ballY: Float32Array } {
  const smooth = (a: Float32Array) => {
    const out = Float32Array.from(a);
    for (let f = 0; f < a.length; f++) {
      if (Number.isNaN(a[f] as number)) continue;
      let sum = 0;
      let count = 0;
      for (let k = Math.max(0, f - radius); k <= Math.min(a.length - 1, f + radius); k++) {
        const v = a[k] as number;
        if (Number.isNaN(v)) continue;
        sum += v;
        count++;
      }
      out[f] = sum / count;
    }
    return out;
  };
  return { ballX: smooth(ballX), ballY: smooth(ballY) };
}

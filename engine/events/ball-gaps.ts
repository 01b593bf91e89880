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

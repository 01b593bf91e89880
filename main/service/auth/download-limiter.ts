/**
 * Tracking downloads per token per hour (LIM-02, TRK-07): a sliding window of the last hour's
 * download start times per token. Held in memory: a restart forgets them, which errs on the side of
 * the user on their own machine.
 */
export class DownloadLimiter {
  private readonly starts = new Map<number, number[]>();

  constructor(private readonly windowMs = 3_600_000, private readonly now: () => number = Date.now) {}

  /** Takes one download if the token has one left; otherwise says when the next one frees up. */
  take(tokenId: number, perHour: number): { ok: true } | { ok: false; retryAfterS: number } {
    const now = this.now();
    const recent = (this.starts.get(tokenId) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= perHour) {
      this.starts.set(tokenId, recent);
      return { ok: false, retryAfterS: Math.max(1, Math.ceil(((recent[0] as number) + this.windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.starts.set(tokenId, recent);
    return { ok: true };
  }
}

import type { DetectedPeriod } from './match-timeline.js';

/**
 * Which goal a squad attacks at a frame: the one its opponents defend, from the period's sides (a
 * kickoff formation, or where the squads stood on average). Frames outside every period take the
 * nearest period's sides. Null when no period knows.
 */
export function attacksRight(periods: readonly DetectedPeriod[], team: 0 | 1, frame: number): boolean | null {
  let best: DetectedPeriod | null = null;
  let bestD = Infinity;
  for (const p of periods) {
    const d = frame < p.startFrame ? p.startFrame - frame : frame >= p.endFrame ? frame - p.endFrame + 1 : 0;
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  if (!best || best.leftTeam === null) return null;
  return best.leftTeam === team;
}

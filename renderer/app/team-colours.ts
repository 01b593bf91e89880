import type { TeamReport } from './match-types.js';

type Kit = TeamReport['teams'][number]['kit'];

/** The neutral pair, for squads whose shirt was not measured or cannot be told apart by it. */
const NEUTRAL: [string, string] = ['#e4572e', '#3a86ff'];
/** Shirts closer than this (RGB distance) look alike on a marker: both squads get the neutral pair. */
const ALIKE = 80;

/** A colour for a squad's markers: its measured shirt, else the neutral one. */
export function teamColour(kit: Kit, team: 0 | 1): string {
  const rgb = kit?.primary_rgb;
  return rgb ? `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})` : NEUTRAL[team];
}

/**
 * Both squads' colours, team 0's first: their shirts where those were measured and tell the squads
 * apart, else the neutral pair (two white kits, or a kit read on one side only, would make the
 * markers of one squad look like the other's).
 */
export function teamColours(report: TeamReport): [string, string] {
  const a = report.teams[0]?.kit?.primary_rgb;
  const b = report.teams[1]?.kit?.primary_rgb;
  if (!a || !b || Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < ALIKE) return [...NEUTRAL];
  return [teamColour(report.teams[0]?.kit ?? null, 0), teamColour(report.teams[1]?.kit ?? null, 1)];
}

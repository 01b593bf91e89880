import { rgbToLab } from './kit-colour.js';
import { colourName, describeKit, KIT_COLOURS } from './colour-names.js';

type Rgb = readonly [number, number, number];

/** Two outfield kits as a pass measured them (sRGB 0-255; null where a part was not seen). */
export interface KitColours {
  shirt: Rgb;
  /** The shirt's second colour (sleeves, stripes), null for a plain shirt. */
  secondary: Rgb | null;
  shorts: Rgb | null;
  socks: Rgb | null;
  pattern: 'plain' | 'stripes' | 'hoops' | 'halves' | 'unknown';
}

export type KitKey = 'team_a' | 'team_b';

/** Spec 2.3's swatch: colour names from the shared palette. */
export interface Swatch {
  primary: string;
  secondary: string;
  shorts: string;
  socks: string;
  pattern: string;
  description: string;
}

const name = (c: Rgb | null) => (c ? colourName(c[0], c[1], c[2]) : null);
const PALETTE_ORDER = new Map<string, number>(KIT_COLOURS.map((c, i) => [c.name, i]));

export function swatchOf(kit: KitColours): Swatch {
  const primary = name(kit.shirt) as string;
  const secondary = name(kit.secondary) ?? primary;
  const shorts = name(kit.shorts);
  const socks = name(kit.socks);
  return {
    primary, secondary, shorts: shorts ?? 'unknown', socks: socks ?? 'unknown', pattern: kit.pattern,
    description: describeKit({ primary, secondary: kit.pattern === 'plain' ? null : secondary, shorts, socks }),
  };
}

/**
 * The canonical order of two kits (PRV-03): by the shirt's colour in palette order, then the lighter
 * shirt first. It depends only on the colours, never on which squad the pass happened to see first or
 * which is home, so the same match always gives the same keys.
 */
export function canonicalOrder(a: KitColours, b: KitColours): [KitColours, KitColours] {
  const rank = (k: KitColours) => PALETTE_ORDER.get(name(k.shirt) as string) ?? 99;
  const d = rank(a) - rank(b);
  if (d !== 0) return d < 0 ? [a, b] : [b, a];
  return rgbToLab(...a.shirt)[0] >= rgbToLab(...b.shirt)[0] ? [a, b] : [b, a];
}

const labDistance = (x: Rgb, y: Rgb) => {
  const p = rgbToLab(...x);
  const q = rgbToLab(...y);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

/** Whether `next[0]` pairs with `earlier[0]` (the pairing with the smaller total shirt distance). */
function pairsStraight(next: readonly [KitColours, KitColours], earlier: readonly [KitColours, KitColours]): boolean {
  const straight = labDistance(next[0].shirt, earlier[0].shirt) + labDistance(next[1].shirt, earlier[1].shirt);
  const crossed = labDistance(next[0].shirt, earlier[1].shirt) + labDistance(next[1].shirt, earlier[0].shirt);
  return straight <= crossed;
}

/**
 * Keys for a later pass's kits (the `final` stage, PRV-09): once a video has keys, each new kit takes
 * the key of the earlier kit it looks like, so a key means the same shirts for the life of the video:
 * a confirmed home key, a widget open across the final pass and the engine's kit_keys all rely on it.
 * Only a first pass is keyed by the canonical order (PRV-03).
 */
export function keyKits(next: [KitColours, KitColours], earlier: Record<KitKey, KitColours> | null): Record<KitKey, KitColours> {
  if (!earlier) {
    const [a, b] = canonicalOrder(next[0], next[1]);
    return { team_a: a, team_b: b };
  }
  return pairsStraight(next, [earlier.team_a, earlier.team_b]) ? { team_a: next[0], team_b: next[1] } : { team_a: next[1], team_b: next[0] };
}

/** Which preview kit each engine squad wears (team 0 first): the closer pairing of the two shirts. */
export function kitKeysOf(squads: readonly [KitColours, KitColours], preview: Record<KitKey, KitColours>): { team_0: KitKey; team_1: KitKey } {
  return pairsStraight(squads, [preview.team_a, preview.team_b]) ? { team_0: 'team_a', team_1: 'team_b' } : { team_0: 'team_b', team_1: 'team_a' };
}

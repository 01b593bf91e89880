import type { KitColours } from '../vision/teams/preview-kits.js';
import { colourName } from '../vision/teams/colour-names.js';

/** Spec 2.9 `card.kit` and 2.10 `teams[].kit`: palette names with the measured RGB. */
export interface ReportKit {
  primary: string;
  primary_rgb: [number, number, number] | null;
  secondary: string | null;
  secondary_rgb: [number, number, number] | null;
  pattern: string | null;
}

const rgb = (c: readonly number[]) => c.map((v) => Math.max(0, Math.min(255, Math.round(v)))) as [number, number, number];

/** A squad's kit as measured by the run; null when none was read (imports, runs before kits were kept). */
export function reportKit(kit: KitColours | null | undefined): ReportKit | null {
  if (!kit) return null;
  return {
    primary: colourName(kit.shirt[0], kit.shirt[1], kit.shirt[2]),
    primary_rgb: rgb(kit.shirt),
    secondary: kit.secondary ? colourName(kit.secondary[0], kit.secondary[1], kit.secondary[2]) : null,
    secondary_rgb: kit.secondary ? rgb(kit.secondary) : null,
    pattern: kit.pattern === 'unknown' ? null : kit.pattern === 'plain' ? 'solid' : kit.pattern,
  };
}

import { rgbToLab } from './kit-colour.js';

/**
 * The one palette of kit colour names: the preview's swatches (spec 2.3), the reports' kits (2.9,
 * 2.10) and the renderer all name a colour with it, so a kit is "claret" everywhere. Names are the ones
 * kit descriptions use; each has a reference sRGB, and a colour takes the name of the nearest
 * reference in CIE Lab (perceptual distance, CIE76), with shirts seen in shade or floodlight still
 * named by hue: lightness counts for 0.3 in the distance. There is no "gold": a yellow shirt under
 * broadcast light measures as dark yellow, and gold kits are rare enough to be called yellow.
 */
export const KIT_COLOURS = [
  { name: 'white', rgb: [240, 240, 238] },
  { name: 'light grey', rgb: [168, 170, 174] },
  { name: 'grey', rgb: [120, 122, 126] },
  { name: 'charcoal', rgb: [60, 62, 66] },
  { name: 'black', rgb: [22, 22, 24] },
  { name: 'navy', rgb: [29, 43, 83] },
  { name: 'blue', rgb: [28, 82, 196] },
  { name: 'sky blue', rgb: [118, 176, 228] },
  { name: 'teal', rgb: [0, 124, 128] },
  { name: 'green', rgb: [22, 140, 62] },
  { name: 'dark green', rgb: [18, 78, 44] },
  { name: 'lime', rgb: [170, 220, 40] },
  { name: 'yellow', rgb: [246, 214, 32] },
  { name: 'orange', rgb: [240, 120, 24] },
  { name: 'red', rgb: [204, 28, 38] },
  { name: 'claret', rgb: [112, 22, 44] },
  { name: 'pink', rgb: [238, 126, 172] },
  { name: 'purple', rgb: [96, 40, 140] },
  { name: 'brown', rgb: [112, 72, 40] },
] as const;

export type KitColourName = (typeof KIT_COLOURS)[number]['name'];

/** Lightness counts for less than hue and chroma: light changes it most across a pitch. */
const LIGHTNESS_WEIGHT = 0.3;
const REFERENCE = KIT_COLOURS.map((c) => ({ name: c.name, lab: rgbToLab(c.rgb[0], c.rgb[1], c.rgb[2]) }));

/** The palette's name for an sRGB colour (0-255 channels). */
export function colourName(r: number, g: number, b: number): KitColourName {
  const [l, a, bb] = rgbToLab(r, g, b);
  let best = REFERENCE[0] as (typeof REFERENCE)[number];
  let bestD = Infinity;
  for (const ref of REFERENCE) {
    const d = LIGHTNESS_WEIGHT * (l - ref.lab[0]) ** 2 + (a - ref.lab[1]) ** 2 + (bb - ref.lab[2]) ** 2;
    if (d < bestD) {
      bestD = d;
      best = ref;
    }
  }
  return best.name as KitColourName;
}

/** `#rrggbb` of an sRGB colour, for swatches drawn next to the names. */
export function hexColour(r: number, g: number, b: number): string {
  const h = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

/** A kit in words, e.g. "red shirts with white sleeves, white shorts, red socks"; parts not seen are left out. */
export function describeKit(kit: { primary: string; secondary?: string | null; shorts?: string | null; socks?: string | null }): string {
  const parts = [`${kit.primary} shirts${kit.secondary && kit.secondary !== kit.primary ? ` with ${kit.secondary}` : ''}`];
  if (kit.shorts) parts.push(`${kit.shorts} shorts`);
  if (kit.socks) parts.push(`${kit.socks} socks`);
  return parts.join(', ');
}

/** The palette's reference `#rrggbb` for a colour name; null for a name outside it (`unknown`). */
export function paletteHex(name: string): string | null {
  const ref = KIT_COLOURS.find((c) => c.name === name);
  return ref ? hexColour(ref.rgb[0], ref.rgb[1], ref.rgb[2]) : null;
}

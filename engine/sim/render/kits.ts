/** Kit colours with the names the preview-teams swatch uses (colour names, spec 2.3). */
export interface Kit {
  name: string;
  shirt: string;
  shirtName: string;
  sleeves: string;
  shorts: string;
  shortsName: string;
  socks: string;
  socksName: string;
  number: string;
  /** Vertical stripes of this colour on the shirt, or null for a plain shirt. */
  stripes: string | null;
}

export interface KitSet {
  home: Kit;
  away: Kit;
  homeKeeper: Kit;
  awayKeeper: Kit;
  referee: Kit;
}

const kit = (name: string, shirt: string, shirtName: string, shorts: string, shortsName: string, socks: string, socksName: string, number: string, stripes: string | null = null, sleeves = shirt): Kit =>
  ({ name, shirt, shirtName, sleeves, shorts, shortsName, socks, socksName, number, stripes });

/** Outfield kits, chosen so that any two differ clearly in shirt colour. */
export const OUTFIELD_KITS: readonly Kit[] = [
  kit('red', '#c8102e', 'red', '#ffffff', 'white', '#c8102e', 'red', '#ffffff'),
  kit('white', '#f4f4f4', 'white', '#1d2b53', 'navy', '#f4f4f4', 'white', '#1d2b53'),
  kit('sky blue', '#6cabdd', 'sky blue', '#ffffff', 'white', '#1c2c5b', 'navy', '#1c2c5b'),
  kit('navy', '#1d2b53', 'navy', '#1d2b53', 'navy', '#1d2b53', 'navy', '#ffffff'),
  kit('yellow', '#f6d200', 'yellow', '#111111', 'black', '#f6d200', 'yellow', '#111111'),
  kit('black-white stripes', '#f4f4f4', 'white', '#111111', 'black', '#111111', 'black', '#111111', '#111111'),
  kit('green', '#00843d', 'green', '#ffffff', 'white', '#00843d', 'green', '#ffffff'),
  kit('claret', '#7a263a', 'claret', '#ffffff', 'white', '#7a263a', 'claret', '#ffffff', null, '#6cabdd'),
];

export const KEEPER_KITS: readonly Kit[] = [
  kit('keeper orange', '#ff7f00', 'orange', '#111111', 'black', '#ff7f00', 'orange', '#111111'),
  kit('keeper lime', '#b5e61d', 'lime', '#222222', 'black', '#b5e61d', 'lime', '#111111'),
  kit('keeper purple', '#6a0dad', 'purple', '#6a0dad', 'purple', '#6a0dad', 'purple', '#ffffff'),
];

export const REFEREE_KIT = kit('referee', '#1a1a1a', 'black', '#1a1a1a', 'black', '#1a1a1a', 'black', '#f6d200');

/** Two clearly different outfield kits and two keeper kits for a seed. */
export function pickKits(next: () => number): KitSet {
  const h = Math.floor(next() * OUTFIELD_KITS.length);
  let a = Math.floor(next() * (OUTFIELD_KITS.length - 1));
  if (a >= h) a++;
  const kh = Math.floor(next() * KEEPER_KITS.length);
  const ka = (kh + 1) % KEEPER_KITS.length;
  return { home: OUTFIELD_KITS[h]!, away: OUTFIELD_KITS[a]!, homeKeeper: KEEPER_KITS[kh]!, awayKeeper: KEEPER_KITS[ka]!, referee: REFEREE_KIT };
}

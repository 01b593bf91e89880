import { describe, expect, it } from 'vitest';
import { canonicalOrder, keyKits, kitKeysOf, swatchOf, type KitColours } from '../../engine/vision/teams/preview-kits.js';

const kit = (shirt: [number, number, number], extra: Partial<KitColours> = {}): KitColours => ({ shirt, secondary: null, shorts: null, socks: null, pattern: 'plain', ...extra });
const white = kit([238, 238, 236], { shorts: [25, 35, 80], socks: [238, 238, 236] });
const red = kit([200, 20, 40], { secondary: [240, 240, 240], shorts: [245, 245, 245], socks: [200, 20, 40], pattern: 'stripes' });

describe('preview kits', () => {
  it('[PRV-04] swatches name every part with the shared palette and describe the kit', () => {
    expect(swatchOf(red)).toEqual({ primary: 'red', secondary: 'white', shorts: 'white', socks: 'red', pattern: 'stripes', description: 'red shirts with white, white shorts, red socks' });
    expect(swatchOf(kit([20, 60, 190]))).toEqual({ primary: 'blue', secondary: 'blue', shorts: 'unknown', socks: 'unknown', pattern: 'plain', description: 'blue shirts' });
  });

  it('[PRV-03] the canonical order depends on the colours only, not on which kit was seen first', () => {
    expect(canonicalOrder(white, red)).toEqual([white, red]);
    expect(canonicalOrder(red, white)).toEqual([white, red]);
    const lighterRed = kit([235, 60, 70]);
    expect(canonicalOrder(red, lighterRed)).toEqual([lighterRed, red]);
  });

  it('[PRV-09] a later pass keeps every kit on its key, even where the canonical order would swap them', () => {
    const navy = kit([24, 34, 78]);
    const sky = kit([118, 176, 228]);
    const first = keyKits([sky, navy], null);
    expect(first).toEqual({ team_a: navy, team_b: sky });
    // The final pass sees the navy shirts in shade (black) and the sky blue ones in floodlight (nearly white).
    const navyInShade = kit([18, 20, 30]);
    const skyInLight = kit([205, 228, 246]);
    expect(canonicalOrder(navyInShade, skyInLight)).toEqual([skyInLight, navyInShade]); // by colour alone: swapped
    expect(keyKits([navyInShade, skyInLight], first)).toEqual({ team_a: navyInShade, team_b: skyInLight });
    expect(keyKits([skyInLight, navyInShade], first)).toEqual({ team_a: navyInShade, team_b: skyInLight });
  });

  it('kitKeysOf: each engine squad takes the key of the preview kit its shirts resemble', () => {
    const preview = { team_a: kit([24, 34, 78]), team_b: kit([246, 214, 32]) };
    expect(kitKeysOf([kit([230, 200, 40]), kit([30, 40, 70])], preview)).toEqual({ team_0: 'team_b', team_1: 'team_a' });
    expect(kitKeysOf([kit([30, 40, 70]), kit([230, 200, 40])], preview)).toEqual({ team_0: 'team_a', team_1: 'team_b' });
  });
});

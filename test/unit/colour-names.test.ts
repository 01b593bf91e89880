import { describe, expect, it } from 'vitest';
import { colourName, describeKit, hexColour, KIT_COLOURS } from '../../engine/vision/teams/colour-names.js';
import { KEEPER_KITS, OUTFIELD_KITS, REFEREE_KIT } from '../../engine/sim/render/kits.js';

describe('kit colour names', () => {
  it('names every reference colour by its own name', () => {
    for (const c of KIT_COLOURS) expect(colourName(c.rgb[0], c.rgb[1], c.rgb[2])).toBe(c.name);
  });

  it('names shirts in shade and in bright light by their hue', () => {
    expect(colourName(150, 20, 28)).toBe('red'); // a red shirt in shade
    expect(colourName(255, 70, 80)).toBe('red'); // and in floodlight
    expect(colourName(20, 60, 150)).toBe('blue');
    expect(colourName(205, 205, 200)).toBe('white'); // white in shade reads white, not grey
    expect(colourName(255, 240, 90)).toBe('yellow');
    expect(colourName(30, 40, 85)).toBe('navy');
    expect(colourName(50, 52, 56)).toBe('charcoal'); // a dark colour without hue is not navy
  });

  it("names the simulator's kits as their hand-written names say", () => {
    const hex = (s: string) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16)) as [number, number, number];
    let agree = 0;
    let total = 0;
    for (const kit of [...OUTFIELD_KITS, ...KEEPER_KITS, REFEREE_KIT]) {
      total++;
      if (colourName(...hex(kit.shirt)) === kit.shirtName) agree++;
    }
    expect(total).toBeGreaterThan(5);
    expect(agree / total).toBeGreaterThanOrEqual(0.8);
  });

  it('writes hex swatches and kit descriptions', () => {
    expect(hexColour(255, 0, 12.4)).toBe('#ff000c');
    expect(describeKit({ primary: 'red', secondary: 'white', shorts: 'white', socks: 'red' })).toBe('red shirts with white, white shorts, red socks');
    expect(describeKit({ primary: 'navy', secondary: 'navy', shorts: null })).toBe('navy shirts');
  });
});

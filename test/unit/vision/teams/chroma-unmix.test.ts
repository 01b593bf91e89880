import { describe, expect, it } from 'vitest';
import { foregroundShare, unmixChroma } from '../../../../engine/vision/teams/chroma-unmix.js';

const ycc = (c: readonly number[]) => {
  const y = 0.299 * (c[0] as number) + 0.587 * (c[1] as number) + 0.114 * (c[2] as number);
  return [y, ((c[2] as number) - y) * 0.564, ((c[0] as number) - y) * 0.713];
};

describe('chroma unmixing', () => {
  const grass = [70, 130, 50];

  it('recovers a kit colour whose chroma was blended with the grass while its luma was kept', () => {
    const navy = [29, 43, 83];
    const [y, cb, cr] = ycc(navy) as [number, number, number];
    const [, gcb, gcr] = ycc(grass) as [number, number, number];
    const alpha = 0.6;
    // The blend a 4:2:0 decoder produces: the kit's luma, a mix of chromas.
    const mcb = alpha * cb + (1 - alpha) * gcb;
    const mcr = alpha * cr + (1 - alpha) * gcr;
    const r = y + 1.402 * mcr;
    const b = y + 1.772 * mcb;
    const blended = [r, (y - 0.299 * r - 0.114 * b) / 0.587, b];
    const back = unmixChroma(blended, grass, alpha);
    back.forEach((v, i) => expect(v).toBeCloseTo(navy[i] as number, 0));
  });

  it('leaves pixels alone inside the foreground and where the grass dominates', () => {
    expect(unmixChroma([10, 20, 30], grass, 1)).toEqual([10, 20, 30]);
    expect(unmixChroma([10, 20, 30], grass, 0.2)).toEqual([10, 20, 30]);
  });

  it('foregroundShare is the mask mean over the window, clipped at the borders', () => {
    const mask = new Uint8Array([1, 0, 0, 1, 1, 0, 0, 0, 0]);
    const share = foregroundShare(mask, 3, 3, 1);
    expect(share[0]).toBeCloseTo(3 / 4);
    expect(share[4]).toBeCloseTo(3 / 9);
    expect(share[8]).toBeCloseTo(1 / 4);
  });
});

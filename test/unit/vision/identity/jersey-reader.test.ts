import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { JerseyReader } from '../../../../engine/vision/identity/jersey-reader.js';

const MODEL = fileURLToPath(new URL('../../../../models/jersey-number/jersey-number.onnx', import.meta.url));

/** A 200 x 200 picture with one player-sized box whose torso is a shirt with `text` on it. */
function shirtPicture(text: string | null, shirt: string, ink: string): { rgb: Uint8Array; box: number[] } {
  const size = 200;
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2f7d3b';
  ctx.fillRect(0, 0, size, size);
  // Box [60, 20, 140, 180]: torso region x 64-136, y 39-106 (jersey-crop.ts).
  ctx.fillStyle = shirt;
  ctx.fillRect(62, 36, 76, 74);
  if (text) {
    ctx.fillStyle = ink;
    ctx.font = 'bold 44px "DejaVu Sans"';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, 100, 74);
  }
  const data = ctx.getImageData(0, 0, size, size).data;
  const rgb = new Uint8Array(size * size * 3);
  for (let i = 0; i < size * size; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = data[i * 4 + c] as number;
  return { rgb, box: [60, 20, 140, 180] };
}

describe('jersey reader (the shipped model, on onnxruntime)', () => {
  it('reads clear one- and two-digit numbers and abstains on a plain shirt', async () => {
    const reader = await JerseyReader.load(MODEL);
    try {
      for (const [text, shirt, ink] of [['7', '#c8102e', '#ffffff'], ['23', '#ffffff', '#101010'], ['10', '#1d428a', '#ffd100']] as const) {
        const { rgb, box } = shirtPicture(text, shirt, ink);
        const [reading] = await reader.read(rgb, 200, 200, [box]);
        expect(reading?.number, `${text} on ${shirt}`).toBe(Number(text));
      }
      const plain = shirtPicture(null, '#c8102e', '#fff');
      const [none] = await reader.read(plain.rgb, 200, 200, [plain.box]);
      expect(none?.number).toBeNull();
      expect(await reader.read(plain.rgb, 200, 200, [])).toEqual([]);
    } finally {
      await reader.close();
    }
  });
});

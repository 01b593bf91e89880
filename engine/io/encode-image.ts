import { createCanvas } from '@napi-rs/canvas';

/**
 * A box of an RGB24 frame, grown by `pad` (a share of the box's height) on every side and clipped to
 * the frame, as a JPEG. Small boxes are enlarged to at least `minHeight` pixels so a crop of a distant
 * player is still something a person can look at.
 */
export function cropJpeg(rgb: Uint8Array, width: number, height: number, box: readonly [number, number, number, number], options: { pad?: number; minHeight?: number; quality?: number } = {}): Buffer {
  const pad = (options.pad ?? 0.2) * (box[3] - box[1]);
  const x0 = Math.max(0, Math.floor(box[0] - pad));
  const y0 = Math.max(0, Math.floor(box[1] - pad));
  const x1 = Math.min(width, Math.ceil(box[2] + pad));
  const y1 = Math.min(height, Math.ceil(box[3] + pad));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const src = createCanvas(w, h);
  const ctx = src.getContext('2d');
  const img = ctx.createImageData(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = ((y0 + y) * width + x0 + x) * 3;
      const d = (y * w + x) * 4;
      img.data[d] = rgb[s] as number;
      img.data[d + 1] = rgb[s + 1] as number;
      img.data[d + 2] = rgb[s + 2] as number;
      img.data[d + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  const scale = Math.max(1, Math.ceil((options.minHeight ?? 96) / h));
  if (scale === 1) return src.encodeSync('jpeg', options.quality ?? 90);
  const out = createCanvas(w * scale, h * scale);
  const octx = out.getContext('2d');
  octx.imageSmoothingEnabled = true;
  octx.imageSmoothingQuality = 'high';
  octx.drawImage(src, 0, 0, w * scale, h * scale);
  return out.encodeSync('jpeg', options.quality ?? 90);
}

import sharp from 'sharp';

/**
 * A box of an RGB24 frame, grown by `pad` (a share of the box's height) on every side and clipped to the
 * frame, as a JPEG (sharp). Small boxes are enlarged to at least `minHeight` pixels (Lanczos) so a crop
 * of a distant player is still something a person can look at.
 */
export async function cropJpeg(rgb: Uint8Array, width: number, height: number, box: readonly [number, number, number, number], options: { pad?: number; minHeight?: number; quality?: number } = {}): Promise<Buffer> {
  const pad = (options.pad ?? 0.2) * (box[3] - box[1]);
  const left = Math.max(0, Math.floor(box[0] - pad));
  const top = Math.max(0, Math.floor(box[1] - pad));
  const w = Math.max(1, Math.min(width, Math.ceil(box[2] + pad)) - left);
  const h = Math.max(1, Math.min(height, Math.ceil(box[3] + pad)) - top);
  let image = sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw: { width, height, channels: 3 } }).extract({ left, top, width: w, height: h });
  const minHeight = options.minHeight ?? 96;
  if (h < minHeight) image = image.resize({ height: minHeight, kernel: 'lanczos3' });
  return image.jpeg({ quality: options.quality ?? 90 }).toBuffer();
}

/** A whole RGB24 picture as a JPEG (sharp). */
export function rgbJpeg(rgb: Uint8Array, width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

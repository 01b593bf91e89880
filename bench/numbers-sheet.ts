import { createCanvas } from '@napi-rs/canvas';
import type { ShirtReadingLog } from '../engine/vision/identity/shirt-reading.js';
import { VOTE_CONFIDENCE } from '../engine/vision/identity/number-votes.js';

/** A person crop the number reader read a number from, cut from the picture at that frame. */
export interface NumberCrop {
  reading: ShirtReadingLog;
  rgb: Uint8Array;
  width: number;
  height: number;
}

/**
 * Which readings a contact sheet shows: every reading of a number, the surest first, at most `perTrack`
 * a track so one player standing near the camera does not fill the sheet, `max` in all.
 */
export function sheetReadings(readings: readonly ShirtReadingLog[], max = 48, perTrack = 4): ShirtReadingLog[] {
  const shown = new Map<number, number>();
  const out: ShirtReadingLog[] = [];
  for (const r of [...readings].filter((x) => x.reading.number !== null).sort((a, b) => b.reading.confidence - a.reading.confidence)) {
    if (out.length >= max) break;
    const n = shown.get(r.track) ?? 0;
    if (n >= perTrack) continue;
    shown.set(r.track, n + 1);
    out.push(r);
  }
  return out;
}

/** Cuts a box (grown by a tenth of its height) out of packed RGB. */
export function cutBox(rgb: Uint8Array, w: number, h: number, box: readonly number[]): { rgb: Uint8Array; width: number; height: number } {
  const pad = 0.1 * ((box[3] as number) - (box[1] as number));
  const x0 = Math.max(0, Math.floor((box[0] as number) - pad));
  const y0 = Math.max(0, Math.floor((box[1] as number) - pad));
  const x1 = Math.min(w, Math.ceil((box[2] as number) + pad));
  const y1 = Math.min(h, Math.ceil((box[3] as number) + pad));
  const out = new Uint8Array(Math.max(0, x1 - x0) * Math.max(0, y1 - y0) * 3);
  for (let y = y0; y < y1; y++) out.set(rgb.subarray((y * w + x0) * 3, (y * w + x1) * 3), (y - y0) * (x1 - x0) * 3);
  return { rgb: out, width: x1 - x0, height: y1 - y0 };
}

/**
 * The numbers read on one clip as a PNG: a header with what was read and which tracks were named, then
 * each crop enlarged with the number, its confidence (green when sure enough to vote) and its track.
 */
export function numbersSheet(title: string, summary: string[], crops: readonly NumberCrop[]): Buffer {
  const cell = 128;
  const cols = 8;
  const header = 24 + 18 * summary.length;
  const rows = Math.max(1, Math.ceil(crops.length / cols));
  const canvas = createCanvas(cols * cell, header + rows * (cell + 20));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1c1c1e';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 16px sans-serif';
  ctx.fillText(title, 8, 18);
  ctx.font = '13px sans-serif';
  summary.forEach((line, i) => ctx.fillText(line, 8, 38 + i * 18));
  crops.forEach((c, i) => {
    const x = (i % cols) * cell;
    const y = header + Math.floor(i / cols) * (cell + 20);
    if (c.width > 0 && c.height > 0) {
      const img = createCanvas(c.width, c.height);
      const ictx = img.getContext('2d');
      const data = ictx.createImageData(c.width, c.height);
      for (let p = 0; p < c.width * c.height; p++) {
        data.data[p * 4] = c.rgb[p * 3] as number;
        data.data[p * 4 + 1] = c.rgb[p * 3 + 1] as number;
        data.data[p * 4 + 2] = c.rgb[p * 3 + 2] as number;
        data.data[p * 4 + 3] = 255;
      }
      ictx.putImageData(data, 0, 0);
      const k = Math.min((cell - 8) / c.width, (cell - 8) / c.height);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(img, x + (cell - c.width * k) / 2, y + (cell - c.height * k) / 2, c.width * k, c.height * k);
    }
    const sure = c.reading.reading.confidence >= VOTE_CONFIDENCE;
    ctx.fillStyle = sure ? '#30d158' : '#ff9f0a';
    ctx.font = 'bold 14px sans-serif';
    ctx.fillText(`${c.reading.reading.number} (${c.reading.reading.confidence.toFixed(2)}) t${c.reading.track}`, x + 4, y + cell + 14);
  });
  return canvas.toBuffer('image/png');
}

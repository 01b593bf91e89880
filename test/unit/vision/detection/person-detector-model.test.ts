import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { detectorStep, PersonDetector } from '../../../../engine/vision/detection/person-detector.js';
import { H, renderFrames, W } from '../calibration/rendered-frames.js';

const MODEL = fileURLToPath(new URL('../../../../models/person-detector/person-detector.onnx', import.meta.url));

describe('person detector (the shipped model, on onnxruntime)', () => {
  it('finds the people of a rendered broadcast frame at their feet, with boxes of their size', async () => {
    // A stretch of the sample minute the training clips never drew (other seeds and match times).
    const frames = renderFrames({ count: 3, skip: 20, seed: 31, fromMs: 20_000 });
    const detector = await PersonDetector.load(MODEL);
    try {
      let truthCount = 0;
      let found = 0;
      let detections = 0;
      const footErrors: number[] = [];
      const heightRatios: number[] = [];
      for (const { rgb, truth } of frames) {
        const dets = await detector.detect(rgb, W, H);
        detections += dets.length;
        // People wholly in the picture and not mostly hidden, as a person would count them.
        const people = truth.objects.filter((o) => o.role !== 'ball' && o.box && o.foot && o.in_frame >= 0.9 && o.occlusion < 0.5);
        truthCount += people.length;
        const used = new Set<number>();
        for (const p of people) {
          const [fx, fy] = p.foot as [number, number];
          let best = -1;
          let bestD = 0.02 * W;
          dets.forEach((d, k) => {
            const dist = Math.hypot(d.foot[0] - fx, d.foot[1] - fy);
            if (!used.has(k) && dist <= bestD) {
              best = k;
              bestD = dist;
            }
          });
          if (best < 0) continue;
          used.add(best);
          found++;
          footErrors.push(bestD);
          const box = p.box as [number, number, number, number];
          heightRatios.push((dets[best] as { height: number }).height / (box[3] - box[1]));
        }
      }
      expect(truthCount).toBeGreaterThan(20);
      // Recall and precision by foot point (within 2% of the width, the annotations' rule).
      expect(found / truthCount).toBeGreaterThan(0.9);
      expect(found / detections).toBeGreaterThan(0.85);
      footErrors.sort((a, b) => a - b);
      expect(footErrors[Math.floor(footErrors.length / 2)]).toBeLessThan(2);
      heightRatios.sort((a, b) => a - b);
      const mid = heightRatios[Math.floor(heightRatios.length / 2)] as number;
      expect(mid).toBeGreaterThan(0.85);
      expect(mid).toBeLessThan(1.15);
      // Nothing on an empty green picture.
      const grass = new Uint8Array(W * H * 3);
      for (let i = 0; i < W * H; i++) grass.set([52, 128, 58], i * 3);
      expect(await detector.detect(grass, W, H)).toEqual([]);
    } finally {
      await detector.close();
    }
  });

  it('halves a picture over 1000 px wide for the network (a letterboxed 720p kept at full size): people far larger than it learned are found, boxes and all', async () => {
    expect([detectorStep(640), detectorStep(960), detectorStep(1280)]).toEqual([1, 1, 2]);
    // Three times the working scale of the pictures it learned: people it sees only parts of, unhalved.
    const Z = 3;
    const [frame] = renderFrames({ count: 1, skip: 20, seed: 32, fromMs: 24_000 });
    const { rgb, truth } = frame as (typeof frame & object);
    // The same picture at Z times the size, each pixel repeated Z times both ways.
    const big = new Uint8Array(Z * Z * W * H * 3);
    for (let y = 0; y < Z * H; y++) {
      for (let x = 0; x < Z * W; x++) {
        const i = (Math.floor(y / Z) * W + Math.floor(x / Z)) * 3;
        big.set(rgb.subarray(i, i + 3), (y * Z * W + x) * 3);
      }
    }
    const detector = await PersonDetector.load(MODEL);
    try {
      const dets = await detector.detect(big, Z * W, Z * H);
      const people = truth.objects.filter((o) => o.role !== 'ball' && o.box && o.foot && o.in_frame >= 0.9 && o.occlusion < 0.5);
      expect(people.length).toBeGreaterThan(6);
      const ratios: number[] = [];
      for (const p of people) {
        const [fx, fy] = (p.foot as [number, number]).map((v) => Z * v) as [number, number];
        const d = dets.find((q) => Math.hypot(q.foot[0] - fx, q.foot[1] - fy) <= 0.02 * Z * W);
        if (!d) continue;
        const box = p.box as [number, number, number, number];
        ratios.push(d.height / (Z * (box[3] - box[1])));
      }
      expect(ratios.length / people.length).toBeGreaterThan(0.85);
      ratios.sort((a, b) => a - b);
      const mid = ratios[Math.floor(ratios.length / 2)] as number;
      expect(mid).toBeGreaterThan(0.85);
      expect(mid).toBeLessThan(1.15);
    } finally {
      await detector.close();
    }
  });
});

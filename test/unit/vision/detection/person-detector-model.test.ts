import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { PersonDetector } from '../../../../engine/vision/detection/person-detector.js';
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
});

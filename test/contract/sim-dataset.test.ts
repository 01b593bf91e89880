import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportDataset, DETECTION_CLASSES } from '../../engine/sim-io/export-dataset.js';
import { probeVideo } from '../../engine/io/probe.js';
import { sampleMinute } from '../helpers/synthetic-match.js';

const out = mkdtempSync(join(tmpdir(), 'dataset-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('training dataset export', () => {
  it('writes images with YOLO labels, keypoints, masks, crops, digits and scenes that agree', async () => {
    const summary = await exportDataset(sampleMinute(), { out, clips: 5, clipSeconds: 3, every: 25, width: 640, height: 360, seed: 3 });
    expect(summary.images).toBe(15);
    const train = readdirSync(join(out, 'images/train'));
    const valid = readdirSync(join(out, 'images/valid'));
    expect(train.length + valid.length).toBe(15);
    // Clip 4 (the fifth) is validation: no clip is split across train and valid.
    expect(valid.every((f) => f.startsWith('c004'))).toBe(true);
    expect(train.some((f) => f.startsWith('c004'))).toBe(false);
    const probe = await probeVideo(join(out, 'images/train', train[0]!)).catch(() => null);
    expect(probe?.width).toBe(640);

    const scenes = readFileSync(join(out, 'scenes.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(scenes).toHaveLength(15);
    for (const [file, split, , analysable] of scenes) {
      const labels = readFileSync(join(out, 'labels', split!, file!.replace('.jpg', '.txt')), 'utf8').trim();
      if (analysable === 'false') {
        expect(labels).toBe('');
        continue;
      }
      const rows = labels.split('\n').map((l) => l.split(' ').map(Number));
      expect(rows.length).toBeGreaterThan(3);
      for (const [cls, cx, cy, w, h] of rows) {
        expect(Object.values(DETECTION_CLASSES)).toContain(cls);
        for (const v of [cx, cy, w, h]) expect(v! >= 0 && v! <= 1).toBe(true);
      }
      const kp = JSON.parse(readFileSync(join(out, 'keypoints', file!.replace('.jpg', '.json')), 'utf8'));
      expect(kp.homography).toHaveLength(9);
      expect(kp.keypoints.some((k: { in_image: boolean }) => k.in_image)).toBe(true);
      const mask = readFileSync(join(out, 'masks', file!.replace('.jpg', '.png')));
      expect(mask.subarray(1, 4).toString()).toBe('PNG');
    }
    const crops = readFileSync(join(out, 'crops.csv'), 'utf8').trim().split('\n');
    expect(crops[0]).toBe('file,split,role,team,jersey,kit');
    expect(crops.length - 1).toBe(summary.crops);
    const digits = readFileSync(join(out, 'digits.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    expect(digits.length).toBe(summary.digits);
    for (const [file, , jersey, px, side, legible] of digits) {
      expect(readdirSync(join(out, 'digits'))).toContain(file);
      expect(file).toContain(`-${jersey}.jpg`);
      expect(['back', 'front']).toContain(side);
      if (legible === 'true') expect(Number(px)).toBeGreaterThanOrEqual(8);
    }
    const meta = JSON.parse(readFileSync(join(out, 'dataset.json'), 'utf8'));
    expect(meta).toMatchObject({ format: 'touchline-sim-dataset', version: 1, counts: summary });
  }, 120_000);
});

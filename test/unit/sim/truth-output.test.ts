import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateMatch } from '../../../engine/sim/simulate.js';
import { toTruthEvents, truthType } from '../../../engine/match-data/truth-events.js';
import { trackingRows } from '../../../engine/sim/tracking-rows.js';
import { readSimTruth, writeSimTruth, TRUTH_FORMAT } from '../../../engine/io/sim-truth.js';
import { sampleMinute } from '../../helpers/synthetic-match.js';

const source = sampleMinute();
const track = simulateMatch(source, { seed: 5 });

describe('truth events', () => {
  it('[GEN-10] map players to <team>-<jersey> (home 0, away 1) and times to ms', () => {
    const events = toTruthEvents(source);
    const cross = events.find((e) => e.start_ms === 14_000)!;
    expect(cross).toMatchObject({ type: 'pass', team: 0, player_id: '0-7', receiver_id: '0-10', end_ms: 15_600, provider_subtypes: ['CROSS'] });
    expect(events.find((e) => e.provider_type === 'RECOVERY')?.player_id).toBe('0-6');
    expect(events.find((e) => e.start_ms === 30_000 && e.type === 'pass')?.player_id).toBe('1-1');
  });

  it('use our vocabulary for provider types', () => {
    const of = (type: string, subtypes: string[] = []) => truthType({ ...source.events[0]!, type, subtypes });
    expect(of('CHALLENGE', ['TACKLE', 'WON'])).toBe('tackle');
    expect(of('CHALLENGE', ['AERIAL', 'LOST'])).toBe('challenge');
    expect(of('RECOVERY', ['BLOCKED'])).toBe('block');
    expect(of('CARRY')).toBe('drive');
    expect(of('FAULT RECEIVED')).toBe('foul');
  });

  it('select a time window', () => {
    expect(toTruthEvents(source, 30_000, 40_000).map((e) => e.start_ms)).toEqual([30_000, 30_000, 35_000, 38_000, 38_800]);
  });
});

describe('tracking rows (spec 2.7)', () => {
  it('[TRK-01] whole centimetres from the bottom-left, 40 ms steps, ids for players only', () => {
    const rows = [...trackingRows(track)];
    expect(rows.length).toBe(track.frames * 26);
    const first = rows.filter((r) => r.timestamp === track.startMs);
    expect(first).toHaveLength(26);
    expect(rows[26]?.timestamp).toBe(track.startMs + 40);
    for (const r of rows) {
      expect(Number.isInteger(r.x) && r.x >= 0 && r.x <= 10500).toBe(true);
      expect(Number.isInteger(r.y) && r.y >= 0 && r.y <= 6800).toBe(true);
    }
    expect(first.filter((r) => r.role === 'referee').every((r) => r.player_id === null)).toBe(true);
    expect(first.find((r) => r.role === 'ball')?.player_id).toBeNull();
    expect(first.find((r) => r.player_id === '0-1')?.role).toBe('goal_keeper');
    const ball = first.find((r) => r.role === 'ball')!;
    const n = track.objects.length;
    expect(ball.x).toBe(Math.round((track.x[n - 1] as number) * 100));
  });
});

describe('truth directory', () => {
  it('round-trips exactly through write and read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'truth-'));
    try {
      const events = toTruthEvents(source);
      const meta = {
        format: TRUTH_FORMAT, version: 1, seed: 5, source: { file: 'synthetic', format: 'test' }, start_ms: track.startMs,
        frame_ms: 40, frames: track.frames, pitch: { length_m: 105, width_m: 68 }, periods: source.periods, objects: track.objects,
      } as const;
      await writeSimTruth(dir, { meta, track, events });
      const back = await readSimTruth(dir);
      expect(back.meta).toEqual(meta);
      expect(back.events).toEqual(events);
      expect(Buffer.from(back.track.x.buffer).equals(Buffer.from(track.x.buffer))).toBe(true);
      expect(Buffer.from(back.track.y.buffer).equals(Buffer.from(track.y.buffer))).toBe(true);
      expect([...back.track.possession]).toEqual([...track.possession]);
      expect([...back.track.inPlay]).toEqual([...track.inPlay]);
      expect([...back.track.period]).toEqual([...track.period]);
      expect(Buffer.from(back.track.ballZ.buffer).equals(Buffer.from(track.ballZ.buffer))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a directory that is not simulator truth', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'truth-'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'meta.json'), '{"format":"something-else"}');
    await expect(readSimTruth(dir)).rejects.toThrow(/not a simulator truth directory/);
    rmSync(dir, { recursive: true, force: true });
  });
});

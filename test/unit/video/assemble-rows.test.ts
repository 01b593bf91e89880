import { describe, expect, it } from 'vitest';
import { assembleRows } from '../../../engine/video/assemble-rows.js';
import { PersonRows } from '../../../engine/vision/tracking/track-store.js';
import type { TrackIdentity } from '../../../engine/vision/identity/track-identities.js';
import type { FramePerson } from '../../../engine/vision/tracking/frame-person.js';
import type { TrackLabel } from '../../../engine/vision/teams/team-assignment.js';
import type { Camera } from '../../../engine/geometry/camera.js';
import { NULL_I16, STATUSES } from '../../../engine/results/tracking-columns.js';

const person = (trackId: number, x: number, overlapWith: number | null = null): FramePerson => ({
  box: [100, 100, 110, 130], foot: [105, 130], x, y: 30, scale: 1, split: false, trackId, confirmed: true, overlapWith, kit: null,
});
const camera = {} as Camera;

/**
 * 100 frames (4 s): track 1 (0-7) seen on frames 0-29 and 70-99, off camera between; track 2 (1-4) seen
 * on frames 0-99, overlapping track 1 on frame 10; track 3 (no id) seen on frames 0-99; frames 40-59
 * had no camera at all (a replay).
 */
function input() {
  const people = new PersonRows();
  const labels: TrackLabel[] = [];
  for (let f = 0; f < 100; f++) {
    if (f < 30 || f >= 70) {
      people.push(f, person(1, 10 + f * 0.1, f === 10 ? 2 : null));
      labels.push({ role: 'player', team: 0 });
    }
    people.push(f, person(2, 50, f === 10 ? 1 : null));
    labels.push({ role: 'player', team: 1 });
    people.push(f, person(3, 80));
    labels.push({ role: 'player', team: 1 });
  }
  const ids = new Map<number, TrackIdentity>([
    [1, { playerId: '0-7', confidence: 0.9, team: 0, role: 'player' }],
    [2, { playerId: '1-4', confidence: 0.8, team: 1, role: 'player' }],
  ]);
  const cameras = Array.from({ length: 100 }, (_, f) => (f >= 40 && f < 60 ? null : camera));
  return {
    frames: 100, startMs: 1000, frameMs: 40, analysable: new Uint8Array(100).fill(1), cameras, people, hits: () => 100,
    labels, ids, ball: [], toSourceX: 2, toSourceY: 2,
  };
}

describe('tracking rows of a video run', () => {
  it('names detected rows by their track, marks overlaps with the partner\'s id, and projects 0-7 at 5 Hz while off camera', () => {
    const r = assembleRows(input());
    const c = r.columns;
    const rows = Array.from({ length: c.length }, (_, i) => ({
      t: c.timestamp[i] as number, id: (c.player[i] as number) >= 0 ? c.players[c.player[i] as number] : null, status: STATUSES[c.status[i] as number],
      partner: (c.overlap[i] as number) >= 0 ? c.players[c.overlap[i] as number] : null, x: (c.x[i] as number) / 100, bboxX: c.bboxX[i] as number,
      pc: c.positionConf[i] as number,
    }));
    const detected = rows.filter((x) => x.status?.startsWith('detected'));
    expect(detected.filter((x) => x.id === '0-7')).toHaveLength(60);
    expect(detected.filter((x) => x.id === '1-4')).toHaveLength(100);
    expect(detected.filter((x) => x.id === null)).toHaveLength(100);
    expect(detected.filter((x) => x.status === 'detected_overlap').map((x) => [x.t, x.id, x.partner])).toEqual([[1400, '0-7', '1-4'], [1400, '1-4', '0-7']]);
    // 0-7 last seen at frame 29 (x 12.9), next at 70 (x 17): projected on frames 35, 40, ..., 65.
    const projected = rows.filter((x) => x.status?.startsWith('projected'));
    expect(projected.map((x) => x.t)).toEqual([35, 40, 45, 50, 55, 60, 65].map((f) => 1000 + f * 40));
    expect(projected.every((x) => x.id === '0-7' && x.bboxX === NULL_I16 && x.pc > 0 && x.pc <= 1)).toBe(true);
    expect(projected.map((x) => x.status)).toEqual(['projected', 'projected_nocam', 'projected_nocam', 'projected_nocam', 'projected_nocam', 'projected', 'projected']);
    expect(projected[0]?.x).toBeCloseTo(12.9 + ((17 - 12.9) * 6) / 41, 1);
    expect(r).toMatchObject({ detected: 260, projected: 7, analysableFrames: 100, calibratedFrames: 80 });
  });

  it('gives a player\'s id to one row a frame: where two tracks carry it at once, the track seen most keeps it', () => {
    const i = input();
    // Track 4 claims 0-7 too on frames 20-29 (a handover the identities tolerated), 12 m from track 1.
    const people = new PersonRows();
    const labels: TrackLabel[] = [];
    for (let n = 0; n < i.people.length; n++) {
      const f = i.people.frame[n] as number;
      people.push(f, person(i.people.track[n] as number, i.people.x[n] as number));
      labels.push(i.labels[n] as TrackLabel);
      if (i.people.track[n] === 1 && f >= 20 && f < 30) {
        people.push(f, person(4, 25));
        labels.push({ role: 'player', team: 0 });
      }
    }
    const ids = new Map(i.ids).set(4, { playerId: '0-7', confidence: 0.95, team: 0, role: 'player' });
    const c = assembleRows({ ...i, people, labels, ids, hits: (t: number) => (t === 4 ? 10 : 100) }).columns;
    const seven = c.players.indexOf('0-7');
    const at = new Map<number, number>();
    for (let k = 0; k < c.length; k++) if (c.player[k] === seven && (c.status[k] as number) <= 1) at.set(c.timestamp[k] as number, (at.get(c.timestamp[k] as number) ?? 0) + 1);
    expect([...at.values()].every((n) => n === 1)).toBe(true);
    expect(at.size).toBe(60);
    // Track 4's rows are still there, without an id.
    let four = 0;
    for (let k = 0; k < c.length; k++) {
      if (c.track[k] !== 4) continue;
      four++;
      expect(c.player[k]).toBe(-1);
    }
    expect(four).toBe(10);
  });
});

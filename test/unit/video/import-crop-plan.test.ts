import { describe, expect, it } from 'vitest';
import { personPixelHeight, projector, type Camera } from '../../../engine/geometry/camera.js';
import { planImportCrops } from '../../../engine/video/import-crop-plan.js';
import { ROLES, STATUSES, TrackingBuilder } from '../../../engine/results/tracking-columns.js';

const camera: Camera = { x: 52.5, y: -30, z: 18, pan: 0, tilt: 0.32, roll: 0, focal: 1400, width: 1280, height: 720, k1: 0 };
const cam = projector(camera);
const image = { width: 1280, height: 720 };

interface Person { id: string | null; role?: 'player' | 'goal_keeper' | 'referee'; x: number; y: number; team?: number; status?: 'detected' | 'detected_overlap' | 'projected' }

/** Rows as an import gives them: pitch centimetres, and the foot pixel the camera sees (none when projected). */
function rows(frames: { t: number; people: Person[] }[]) {
  const b = new TrackingBuilder();
  for (const f of frames) {
    for (const p of f.people) {
      const status = p.status ?? 'detected';
      const px = status === 'projected' ? null : cam.project(p.x, p.y, 0);
      b.push({
        timestamp: f.t, role: ROLES.indexOf(p.role ?? 'player'), player: b.playerIndex(p.id), playerIdConf: 1, x: Math.round(p.x * 100), y: Math.round(p.y * 100),
        ...(px ? { bboxX: Math.round(px[0]), bboxY: Math.round(px[1]) } : {}), status: STATUSES.indexOf(status), team: p.team ?? (p.id ? Number(p.id[0]) : -1),
      });
    }
  }
  return b.finish();
}

/**
 * Nine people on the near half of the pitch (where the camera sees them at least 40 px tall), far enough
 * apart that their boxes do not touch.
 */
function spreadOut(shift = 0): Person[] {
  return [
    { id: '0-7', x: 40 + shift, y: 12 }, { id: '0-9', x: 55 + shift, y: 20 }, { id: '0-4', x: 33 + shift, y: 24 }, { id: '0-1', role: 'goal_keeper', x: 62, y: 4 },
    { id: '1-10', x: 66 + shift, y: 10 }, { id: '1-5', x: 61 + shift, y: 26 }, { id: '1-8', x: 48 + shift, y: 6 }, { id: null, x: 74, y: 22, team: 1 },
    { id: null, role: 'referee', x: 47, y: 24, team: -1 },
  ];
}

describe('planImportCrops', () => {
  it('estimates each player\'s box from the frame\'s camera and keeps the tallest crops, hero first', () => {
    const c = rows([{ t: 0, people: spreadOut() }, { t: 40_000, people: spreadOut(3) }, { t: 80_000, people: spreadOut(-3) }]);
    const plan = planImportCrops(c, image, { frames: 3 });
    expect(plan.frames).toEqual([0, 40_000, 80_000]);
    const seven = plan.individuals.get('0-7')!;
    expect(seven).toHaveLength(3);
    const heights = seven.map((k) => k.box[3] - k.box[1]);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    const xAt = new Map([[0, 40], [40_000, 43], [80_000, 37]]);
    for (const crop of seven) {
      const truth = personPixelHeight(cam, xAt.get(crop.tMs) as number, 12, 1.85) as number;
      // Near the camera and off its axis the estimate errs tall (the view looks down on the player); the
      // crop is grown by a fifth of its height anyway, so a box up to a fifth too tall still frames him.
      expect((crop.box[3] - crop.box[1]) / truth).toBeGreaterThan(0.9);
      expect((crop.box[3] - crop.box[1]) / truth).toBeLessThan(1.2);
    }
    // Referees are never anyone's crop; an unidentified player still counts for the squad.
    expect([...plan.individuals.keys()].sort()).toEqual(['0-1', '0-4', '0-7', '0-9', '1-10', '1-5', '1-8']);
    expect(plan.teams[1].some((k) => k.player === null)).toBe(true);
    expect(plan.teams[0].every((k) => k.team === 0)).toBe(true);
    // The squad's crops come from every frame, and show every player, before any gives a second one.
    expect(new Set(plan.teams[0].slice(0, 3).map((k) => k.tMs)).size).toBe(3);
    expect(new Set(plan.teams[0].slice(0, 3).map((k) => k.player)).size).toBe(3);
  });

  it('leaves out people whose boxes touch another\'s, overlap and projected rows, and frames too sparse to fit a camera', () => {
    const people = spreadOut();
    people.push({ id: '1-3', x: 40.4, y: 12.5 }); // right next to 0-7: neither is alone in the picture
    people.push({ id: '1-6', x: 30, y: 18, status: 'detected_overlap' }, { id: '1-2', x: 70, y: 50, status: 'projected' });
    const c = rows([{ t: 0, people }, { t: 40_000, people: spreadOut().slice(0, 4) }]);
    const plan = planImportCrops(c, image, { frames: 2 });
    expect(plan.frames).toEqual([0]);
    for (const id of ['0-7', '1-3', '1-6', '1-2']) expect(plan.individuals.has(id), id).toBe(false);
    expect(plan.individuals.has('0-9')).toBe(true);
  });

  it('gives nothing to cut when the rows carry no pixels (a Metrica import)', () => {
    const c = rows([{ t: 0, people: spreadOut().map((p) => ({ ...p, status: 'projected' as const })) }]);
    expect(planImportCrops(c, image)).toEqual({ frames: [], individuals: new Map(), teams: [[], []] });
  });
});

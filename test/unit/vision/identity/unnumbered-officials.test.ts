import { describe, expect, it } from 'vitest';
import { relabelUnnumberedOfficials, squadLikeOfficials } from '../../../../engine/vision/identity/unnumbered-officials.js';
import { PersonRows } from '../../../../engine/vision/tracking/track-store.js';
import type { ShirtSighting } from '../../../../engine/vision/identity/shirt-reading.js';
import type { TeamModel, TrackKit, TrackLabel } from '../../../../engine/vision/teams/team-assignment.js';

const player0: TrackLabel = { role: 'player', team: 0 };
const player1: TrackLabel = { role: 'player', team: 1 };
const referee: TrackLabel = { role: 'referee', team: null };

/** One row per frame 0..frames-1 for each track, at (x, y) metres. */
function rowsOf(tracks: { track: number; frames: number; y?: number }[]): PersonRows {
  const rows = new PersonRows();
  const list = tracks.flatMap((t) => Array.from({ length: t.frames }, (_, f) => ({ f, t })))
    .sort((a, b) => a.f - b.f);
  list.forEach(({ f, t }, n) => {
    rows.frame[n] = f;
    rows.track[n] = t.track;
    rows.x[n] = 50;
    rows.y[n] = t.y ?? 30;
  });
  rows.length = list.length;
  return rows;
}

/** A shirt seen every fifth frame from `from` to `to`, `legibleEvery`-th one legible (0: none). */
function sightings(track: number, from: number, to: number, legibleEvery = 0, heightPx = 60): ShirtSighting[] {
  const out: ShirtSighting[] = [];
  for (let f = from, k = 1; f < to; f += 5, k++) out.push({ track, frame: f, heightPx, legible: legibleEvery && k % legibleEvery === 0 ? 0.95 : 0.02 });
  return out;
}

const model = (labels: [number, TrackLabel][]): TeamModel => ({ kits: [[50, 0, 0], [50, 0, 0]], labels: new Map(labels), classify: () => null });

describe('relabelUnnumberedOfficials', () => {
  it('makes the referee of a player-labelled track whose large shirts never showed a number', () => {
    const rows = rowsOf([{ track: 1, frames: 300 }]);
    const labels = Array.from({ length: rows.length }, () => player1);
    const n = relabelUnnumberedOfficials(rows, labels, 1, sightings(1, 0, 300));
    expect(n).toBe(300);
    expect(labels.every((l) => l === referee || (l?.role === 'referee' && l.team === null))).toBe(true);
  });

  it('leaves a player alone whose number the reader saw now and then', () => {
    const rows = rowsOf([{ track: 1, frames: 300 }]);
    const labels = Array.from({ length: rows.length }, () => player1);
    expect(relabelUnnumberedOfficials(rows, labels, 1, sightings(1, 0, 300, 12))).toBe(0);
    expect(labels.every((l) => l === player1)).toBe(true);
  });

  it('relabels only the stretch of a shared track with no number in reach (a player, then the referee)', () => {
    const rows = rowsOf([{ track: 1, frames: 1000 }]);
    const labels = Array.from({ length: rows.length }, () => player1);
    // A number every 50 frames up to frame 400, then 600 frames of a numberless shirt.
    relabelUnnumberedOfficials(rows, labels, 1, [...sightings(1, 0, 400, 10), ...sightings(1, 400, 1000)]);
    expect(labels[100]).toBe(player1);
    expect(labels[500]).toBe(player1); // 8 s window still reaches a legible shirt before 400
    expect(labels[900]?.role).toBe('referee');
  });

  it('needs enough large shirts: small or few sightings prove nothing', () => {
    const rows = rowsOf([{ track: 1, frames: 300 }, { track: 2, frames: 300, y: 40 }]);
    const labels = Array.from({ length: rows.length }, () => player1);
    const seen = [...sightings(1, 0, 300, 0, 30), ...sightings(2, 0, 40)];
    expect(relabelUnnumberedOfficials(rows, labels, 1, seen)).toBe(0);
  });

  it('touches only the squad whose kit passes for the officials\', and no frame with a referee in the field', () => {
    const rows = rowsOf([{ track: 1, frames: 300 }, { track: 2, frames: 300, y: 40 }, { track: 3, frames: 150, y: 20 }]);
    const labels = Array.from({ length: rows.length }, (_, n) => (rows.track[n] === 1 ? player0 : rows.track[n] === 2 ? player1 : referee));
    relabelUnnumberedOfficials(rows, labels, 1, [...sightings(1, 0, 300), ...sightings(2, 0, 300)]);
    const at = (track: number, frame: number) => labels[Array.from({ length: rows.length }, (_, n) => n).find((n) => rows.track[n] === track && rows.frame[n] === frame) as number];
    expect(at(1, 200)).toBe(player0); // the other squad
    expect(at(2, 100)).toBe(player1); // the referee's own track is in the field
    expect(at(2, 200)?.role).toBe('referee');
  });

  it('does nothing without a squad like the officials', () => {
    const rows = rowsOf([{ track: 1, frames: 300 }]);
    const labels = Array.from({ length: rows.length }, () => player1);
    expect(relabelUnnumberedOfficials(rows, labels, null, sightings(1, 0, 300))).toBe(0);
  });
});

describe('squadLikeOfficials', () => {
  const kit = (id: number, feature: number[], samples = 100): TrackKit => ({
    id, feature: feature as TrackKit['feature'], samples, firstMs: 0, lastMs: 1000, meanX: 50, meanY: 30, inBoxShare: 0,
  });
  const black = [30, 0, 0, 30, 0, 0, 60, 5];
  const striped = [50, 0, 0, 35, 0, 0, 25, 30];
  const white = [90, 0, 0, 80, 0, 0, 0, 60];
  const red = [50, 60, 40, 40, 50, 30, 5, 5];
  const green = [50, -80, 60, 40, -70, 50, 5, 5];

  it('names the squad the officials\' kit lies nearer than the squads lie to each other', () => {
    const tracks = [kit(1, red), kit(2, red), kit(3, striped), kit(4, striped), kit(5, black)];
    const m = model([[1, player0], [2, player0], [3, player1], [4, player1], [5, referee]]);
    expect(squadLikeOfficials(tracks, m)).toBe(1);
  });

  it('names none when the officials stand apart from both squads, or no official was seen', () => {
    const tracks = [kit(1, red), kit(2, white), kit(5, green)];
    expect(squadLikeOfficials(tracks, model([[1, player0], [2, player1], [5, referee]]))).toBeNull();
    expect(squadLikeOfficials(tracks.slice(0, 2), model([[1, player0], [2, player1]]))).toBeNull();
  });
});

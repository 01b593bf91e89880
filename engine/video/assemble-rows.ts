import type { Camera } from '../geometry/camera.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../geometry/pitch-markings.js';
import {
  NO_PLAYER, NULL_I16, PROJECTED_STEP_MS, ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, ROLE_REFEREE, STATUS_DETECTED, STATUS_DETECTED_OVERLAP, STATUS_PROJECTED, STATUS_PROJECTED_NOCAM,
  TrackingBuilder, type TrackingColumns,
} from '../results/tracking-columns.js';
import type { TrackLabel } from '../vision/teams/team-assignment.js';
import { projectOffCamera, type OffCameraRow, type Sighting } from '../vision/tracking/off-camera.js';
import type { PersonRows } from '../vision/tracking/track-store.js';
import { rowCarriesId, type TrackIdentity } from '../vision/identity/track-identities.js';

/** A track's detections become rows only once it has this many (a stray detection is nobody). */
const TRACK_MIN_HITS = 3;

export interface RowsInput {
  frames: number;
  startMs: number;
  frameMs: number;
  analysable: Uint8Array;
  cameras: readonly (Camera | null)[];
  people: PersonRows;
  hits: (track: number) => number;
  /** Per person row: its squad and role (track-store windowLabels), null without a team model. */
  labels: readonly (TrackLabel | null)[] | null;
  ids: ReadonlyMap<number, TrackIdentity>;
  /** The ball per frame (frame order), pitch metres and working-grid pixels. */
  ball: readonly { frame: number; x: number; y: number; u: number; v: number }[];
  /** Working-grid pixels -> source pixels. */
  toSourceX: number;
  toSourceY: number;
}

export interface AssembledRows {
  columns: TrackingColumns;
  analysableFrames: number;
  calibratedFrames: number;
  detected: number;
  projected: number;
}

const cm = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v * 100)));
const px = (v: number) => Math.max(-32767, Math.min(32767, Math.round(v)));

/**
 * The tracking rows of spec 2.7 from what the frame loop kept: detected rows of analysable frames (a
 * person of a track seen at least 3 times, with his player id where his own squad is the id's; the
 * ball), then, at 5 Hz, projected rows of every identified player while he is off camera
 * (vision/tracking/off-camera.ts), `projected_nocam` where no camera covered the pitch at all.
 */
export function assembleRows(i: RowsInput): AssembledRows {
  const { people, labels, ids } = i;
  // First pass: who each person row is, and where each identified player was seen.
  const builder = new TrackingBuilder(people.length + i.ball.length + 16);
  const rowPlayer = new Int16Array(people.length).fill(-2); // -2: no row; NO_PLAYER: a row without an id
  const rowConf = new Float32Array(people.length);
  const sightings: Sighting[][] = [];
  const playerOf: TrackIdentity[] = [];
  for (let pi = 0; pi < people.length; pi++) {
    const f = people.frame[pi] as number;
    const track = people.track[pi] as number;
    if (!i.analysable[f] || track < 0 || i.hits(track) < TRACK_MIN_HITS) continue;
    const id = ids.get(track);
    if (!rowCarriesId(id, labels?.[pi] ?? null)) {
      rowPlayer[pi] = NO_PLAYER;
      continue;
    }
    const p = builder.playerIndex(id.playerId);
    rowPlayer[pi] = p;
    rowConf[pi] = id.confidence;
    playerOf[p] ??= id;
  }
  oneRowPerPlayer(people, rowPlayer, i.hits);
  for (let pi = 0; pi < people.length; pi++) {
    const p = rowPlayer[pi] as number;
    if (p >= 0) (sightings[p] ??= []).push({ frame: people.frame[pi] as number, x: people.x[pi] as number, y: people.y[pi] as number });
  }
  const covered = (f: number) => i.analysable[f] === 1 && i.cameras[f] !== null && i.cameras[f] !== undefined;
  const projectedAt = new Map<number, { p: number; row: OffCameraRow }[]>();
  sightings.forEach((list, p) => {
    for (const row of projectOffCamera(list, { frames: i.frames, every: Math.round(PROJECTED_STEP_MS / i.frameMs), frameMs: i.frameMs, covered })) {
      const at = projectedAt.get(row.frame) ?? [];
      at.push({ p, row });
      projectedAt.set(row.frame, at);
    }
  });

  let pi = 0;
  let bi = 0;
  let analysableFrames = 0;
  let calibratedFrames = 0;
  let projected = 0;
  for (let f = 0; f < i.frames; f++) {
    const tMs = i.startMs + f * i.frameMs;
    if (i.analysable[f]) analysableFrames++;
    if (covered(f)) calibratedFrames++;
    for (; pi < people.length && (people.frame[pi] as number) === f; pi++) {
      const player = rowPlayer[pi] as number;
      if (player === -2) continue;
      const l = labels?.[pi] ?? null;
      const role = l?.role === 'goal_keeper' ? ROLE_GOAL_KEEPER : l?.role === 'referee' ? ROLE_REFEREE : ROLE_PLAYER;
      // overlap_partner_id: the player the box overlaps, when that track has an id.
      const partnerTrack = people.overlap[pi] as number;
      const partner = partnerTrack >= 0 ? ids.get(partnerTrack) : undefined;
      builder.push({
        timestamp: tMs, role, player, playerIdConf: rowConf[pi] as number,
        x: cm(people.x[pi] as number, PITCH_LENGTH * 100), y: cm(people.y[pi] as number, PITCH_WIDTH * 100),
        bboxX: px((people.footU[pi] as number) * i.toSourceX), bboxY: px((people.footV[pi] as number) * i.toSourceY),
        status: partnerTrack >= 0 ? STATUS_DETECTED_OVERLAP : STATUS_DETECTED,
        overlap: partner ? builder.playerIndex(partner.playerId) : NO_PLAYER,
        team: l?.team ?? -1, track: people.track[pi] as number,
      });
    }
    for (; bi < i.ball.length && (i.ball[bi] as { frame: number }).frame === f; bi++) {
      if (!i.analysable[f]) continue;
      const b = i.ball[bi] as (typeof i.ball)[number];
      builder.push({
        timestamp: tMs, role: ROLE_BALL, player: NO_PLAYER, playerIdConf: 0,
        x: cm(b.x, PITCH_LENGTH * 100), y: cm(b.y, PITCH_WIDTH * 100), bboxX: px(b.u * i.toSourceX), bboxY: px(b.v * i.toSourceY),
      });
    }
    for (const { p, row } of projectedAt.get(f) ?? []) {
      const id = playerOf[p] as TrackIdentity;
      // The id is as sure as on his detected rows; that this row is where he is, less so with time unseen.
      builder.push({
        timestamp: tMs, role: id.role === 'goal_keeper' ? ROLE_GOAL_KEEPER : ROLE_PLAYER, player: p, playerIdConf: id.confidence,
        x: cm(row.x, PITCH_LENGTH * 100), y: cm(row.y, PITCH_WIDTH * 100), bboxX: NULL_I16, bboxY: NULL_I16,
        status: row.nocam ? STATUS_PROJECTED_NOCAM : STATUS_PROJECTED, positionConf: row.positionConf,
        identityConf: id.confidence * (0.5 + 0.5 * row.positionConf), team: id.team,
      });
      projected++;
    }
  }
  const columns = builder.finish();
  return { columns, analysableFrames, calibratedFrames, detected: columns.length - projected, projected };
}

/**
 * One person is in one place: where two tracks carry a player's id in the same frame (identities
 * tolerate a short overlap as a handover, track-identities.ts), only the row of the track seen most
 * keeps it; the other row stays, without an id. Otherwise a player's path would jump between the two
 * every frame, and his speed with it. In place on `rowPlayer` (rows in frame order).
 */
function oneRowPerPlayer(people: PersonRows, rowPlayer: Int16Array, hits: (track: number) => number): void {
  for (const [from, to] of people.frameRanges()) {
    const best = new Map<number, number>();
    for (let n = from; n < to; n++) {
      const p = rowPlayer[n] as number;
      if (p < 0) continue;
      const other = best.get(p);
      if (other === undefined) {
        best.set(p, n);
        continue;
      }
      const keep = hits(people.track[n] as number) > hits(people.track[other] as number) ? n : other;
      rowPlayer[keep === n ? other : n] = NO_PLAYER;
      best.set(p, keep);
    }
  }
}

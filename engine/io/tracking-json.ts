import { NO_PLAYER, NO_TRACK, NULL_I16, ROLES, STATUSES, type TrackingColumns } from '../results/tracking-columns.js';
import { downloadTeam, rowSquads, trackOfRow } from '../results/row-identity.js';

/**
 * The tracking download as JSON (spec 2.7, rules TRK-01..TRK-03, TRK-06): one array of row objects,
 * produced a chunk of rows at a time from a reader of row ranges, so a 3-4 million row match
 * (hundreds of MB of text) never sits in memory whole. Rows are written one per line:
 *
 *   [
 *   {"timestamp":0,"role":"player",...},
 *   {"timestamp":0,"role":"ball",...}
 *   ]
 *
 * and a file without rows is exactly `[]`. Rows are built as strings directly (no JSON.stringify per
 * row); player ids are escaped once each. Confidences are rounded to 3 decimals (float16, the file
 * type of player_id_conf, holds about 3 significant digits; the same rounding for the two float32
 * confidences keeps the text short), and NaN is written as null.
 */
export interface TrackingRowReader {
  rows: number;
  /** Rows [from, from + count) (fewer at the end). */
  read(from: number, count: number): Promise<TrackingColumns>;
}

export interface TrackingJsonOptions {
  /** status, overlap_partner_id, position_conf, identity_conf: engine 0.5.36 or later (TRK-03). */
  statusColumns: boolean;
  /**
   * Touchline's extension columns after the spec's (`team`, `track_id`: docs/api.md), with the first
   * track id free for rows the tracker gave none (results/row-identity.ts firstFreeTrack over the file).
   */
  extension?: { firstFreeTrack: number };
  /** Rows per yielded string; bounds memory (default 20000, about 5 MB of text). */
  chunkRows?: number;
}

const TEAM_TEXT = { 0: ',"team":"team_0","track_id":', 1: ',"team":"team_1","track_id":', none: ',"team":null,"track_id":' };

export const DEFAULT_JSON_CHUNK_ROWS = 20_000;

const ROLE_TEXT = ROLES.map((r) => `,"role":"${r}","player_id":`);
const STATUS_TEXT = STATUSES.map((s) => `,"status":"${s}","overlap_partner_id":`);

/** Strings for 0.000-1.000 in steps of 0.001: the confidences almost always fall here. */
const THOUSANDTHS = Array.from({ length: 1001 }, (_, k) => String(k / 1000));

/** A confidence rounded to 3 decimals, or null for NaN. */
export function formatConfidence(v: number): string {
  if (v !== v) return 'null';
  const k = Math.round(v * 1000);
  if (k >= 0 && k <= 1000) return THOUSANDTHS[k] as string;
  // Outside 0-1 (should not happen, but never write invalid JSON): Infinity has no JSON form either.
  return Number.isFinite(k) ? String(k / 1000) : 'null';
}

export async function* streamTrackingJson(reader: TrackingRowReader, options: TrackingJsonOptions): AsyncGenerator<string> {
  const chunkRows = Math.max(1, Math.floor(options.chunkRows ?? DEFAULT_JSON_CHUNK_ROWS));
  if (reader.rows <= 0) {
    yield '[]';
    return;
  }
  const escaped: string[] = [];
  const idText = (players: string[], i: number): string => {
    if (i === NO_PLAYER) return 'null';
    let s = escaped[i];
    if (s === undefined) {
      const id = players[i];
      if (id === undefined) throw new Error(`tracking row points at player index ${i}, but only ${players.length} ids are known`);
      s = JSON.stringify(id);
      escaped[i] = s;
    }
    return s;
  };

  const extension = options.extension;
  let first = true;
  for (let from = 0; from < reader.rows; from += chunkRows) {
    const c = await reader.read(from, Math.min(chunkRows, reader.rows - from));
    if (c.length === 0) break; // the reader ran short of its own row count: end the array cleanly
    let out = first ? '[\n' : ',\n';
    first = false;
    const squadOf = rowSquads(c);
    for (let i = 0; i < c.length; i++) {
      if (i > 0) out += ',\n';
      const bx = c.bboxX[i] as number;
      const by = c.bboxY[i] as number;
      out += `{"timestamp":${c.timestamp[i] as number}${ROLE_TEXT[c.role[i] as number] ?? badCode('role', c.role[i])}${idText(c.players, c.player[i] as number)}`
        + `,"player_id_conf":${formatConfidence(c.playerIdConf[i] as number)},"x":${c.x[i] as number},"y":${c.y[i] as number}`
        + `,"bbox_x":${bx === NULL_I16 ? 'null' : bx},"bbox_y":${by === NULL_I16 ? 'null' : by}`;
      if (options.statusColumns) {
        out += `${STATUS_TEXT[c.status[i] as number] ?? badCode('status', c.status[i])}${idText(c.players, c.overlap[i] as number)}`
          + `,"position_conf":${formatConfidence(c.positionConf[i] as number)},"identity_conf":${formatConfidence(c.identityConf[i] as number)}`;
      }
      if (extension) {
        const team = downloadTeam(c, i, squadOf);
        const track = trackOfRow(c, i, extension.firstFreeTrack);
        out += `${team === null ? TEAM_TEXT.none : TEAM_TEXT[team]}${track === NO_TRACK ? 'null' : track}`;
      }
      out += '}';
    }
    yield out;
  }
  yield first ? '[]' : '\n]';
}

function badCode(column: string, code: number | undefined): never {
  throw new Error(`tracking row has unknown ${column} code ${code}`);
}

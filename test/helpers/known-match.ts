import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE_BALL, ROLE_PLAYER, STATUS_PROJECTED, TrackingBuilder } from '../../engine/results/tracking-columns.js';
import { encodeTrackingParquet } from '../../engine/io/tracking-parquet.js';
import { waitFor, type Api } from './test-service.js';

/**
 * Ten seconds with answers that can be worked out by hand, written as our own Parquet + events JSON:
 * - 0-7 (team_0) runs along y = 34 m from x = 10 m at 5 m/s for all 10 s, detected: 50 m, all "running";
 *   its box is at pixel (100 + frame, 500);
 * - 1-4 (team_1) walks at 1 m/s from x = 80 m, detected for 5 s (5 m), then projected at 5 Hz;
 * - the ball is at 0-7's feet until 6 s, then with 1-4;
 * - team_0 has the ball [0, 6) s, team_1 [6, 9) s, nobody [9, 10) s; one live scene; one first half;
 *   0-7 passes at 2 s and shoots at 5 s.
 */
export interface KnownMatch { dir: string; tracking: string; events: string; rows: number }

export function writeKnownMatch(dir = mkdtempSync(join(tmpdir(), 'known-'))): KnownMatch {
  const b = new TrackingBuilder();
  const runner = b.playerIndex('0-7');
  const walker = b.playerIndex('1-4');
  for (let f = 0; f < 250; f++) {
    const t = f * 40;
    const s = t / 1000;
    const rx = 10 + 5 * s;
    const wx = 80 - s;
    b.push({ timestamp: t, role: ROLE_PLAYER, player: runner, playerIdConf: 0.9, x: Math.round(rx * 100), y: 3400, bboxX: 100 + f, bboxY: 500 });
    if (s < 5) b.push({ timestamp: t, role: ROLE_PLAYER, player: walker, playerIdConf: 0.8, x: Math.round(wx * 100), y: 2000, bboxX: 900, bboxY: 300 });
    else if (f % 5 === 0) b.push({ timestamp: t, role: ROLE_PLAYER, player: walker, playerIdConf: 0.5, x: Math.round(wx * 100), y: 2000, status: STATUS_PROJECTED, positionConf: 0.6, identityConf: 0.7 });
    const bx = s < 6 ? rx : wx;
    b.push({ timestamp: t, role: ROLE_BALL, player: -1, playerIdConf: 0, x: Math.round(bx * 100), y: s < 6 ? 3400 : 2000, bboxX: 200, bboxY: 200 });
  }
  const cols = b.finish();
  const ev = (type: string, start: number, end: number, team: string | null, player: string | null, properties: object = {}) => ({
    event_id: `${type}-${start}`, type, start_ms: start, end_ms: end, team, player_id: player, properties, confidence_detection: 1, confidence_event: 1,
  });
  const events = [
    ev('match_timeline', 0, 10_000, null, null, { period: 'first_half' }),
    ev('scene', 0, 10_000, null, null, { scene_type: 'live', is_analysable: true }),
    ev('team_possession', 0, 6000, 'team_0', null),
    ev('player_possession', 0, 6000, 'team_0', '0-7', { x: 10, y: 34 }),
    ev('pass', 2000, 2040, 'team_0', '0-7', { x: 20, y: 34, x_target: 40, y_target: 34, length_m: 20, pass_type: 'ground', set_piece: 'open_play', body_part: 'foot', completed: true, receiver_player_id: '0-9', receiver_team: 'team_0' }),
    ev('shot', 5000, 5040, 'team_0', '0-7', { x: 35, y: 34, x_target: 105, y_target: 34, length_m: 70, outcome: 'off_target', body_part: 'foot' }),
    ev('team_possession', 6000, 9000, 'team_1', null),
  ];
  const tracking = join(dir, 'known.parquet');
  writeFileSync(tracking, encodeTrackingParquet(cols, { statusColumns: true }));
  const eventsPath = join(dir, 'known-events.json');
  writeFileSync(eventsPath, JSON.stringify(events));
  return { dir, tracking, events: eventsPath, rows: cols.length };
}

/** Imports the hand-made match through POST /v1/imports and waits for it; returns the analysis id. */
export async function importKnownMatch(api: Api, known: { tracking: string; events: string }, body: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/v1/imports', { format: 'parquet', paths: { tracking: known.tracking, events: known.events }, ...body });
  if (res.status !== 200) throw new Error(`import refused: ${res.status} ${res.text}`);
  const id = res.body.data.id as number;
  const a = await waitFor(async () => {
    const d = (await api.get(`/v1/analyses/${id}`)).body.data;
    return ['done', 'error'].includes(d.status) ? d : undefined;
  }, 30_000, 'the import', 250);
  if (a.status !== 'done') throw new Error(`import ended ${a.status}: ${a.status_reason}`);
  return id;
}

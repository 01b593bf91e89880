import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_POLL_MS, startTestService, waitFor, type TestService } from '../helpers/test-service.js';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { sampleMinute } from '../helpers/synthetic-match.js';
import { metricaTrackingCsv } from '../helpers/metrica-writer.js';
import { readTrackingFile } from '../../engine/io/tracking-store.js';
import { ROLES } from '../../engine/results/tracking-columns.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { hasSharedData, METRICA_GAME_1, SHARED_DATA } from '../helpers/shared-data.js';

let t: TestService;
const dir = mkdtempSync(join(tmpdir(), 'import-formats-'));
const track = simulateMatch(sampleMinute(), { seed: 9 });

beforeAll(async () => {
  t = await startTestService();
  writeFileSync(join(dir, 'home.csv'), metricaTrackingCsv(track, 0));
  writeFileSync(join(dir, 'away.csv'), metricaTrackingCsv(track, 1));
  writeFileSync(join(dir, 'events.csv'), `Team,Type,Subtype,Period,Start Frame,Start Time [s],End Frame,End Time [s],From,To,Start X,Start Y,End X,End Y
Home,SET PIECE,KICK OFF,1,26,1.04,0,0,Player9,,NaN,NaN,NaN,NaN
Home,PASS,,1,26,1.04,50,2,Player9,Player8,0.5,0.5,0.43,0.56
Home,PASS,,1,100,4,130,5.2,Player8,Player4,0.45,0.59,0.33,0.82
Away,RECOVERY,INTERCEPTION,1,400,16,400,16,Player6,,0.7,0.2,NaN,NaN
Away,PASS,,1,420,16.8,450,18,Player6,Player9,0.7,0.2,0.6,0.3
Away,BALL OUT,,1,600,24,620,24.8,Player9,,0.6,0.3,0.6,1.01
`);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function importDone(body: unknown) {
  const res = await t.api.post('/v1/imports', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitFor(async () => {
    const a = (await t.api.get(`/v1/analyses/${res.body.data.id}`)).body.data;
    return ['done', 'error'].includes(a.status) ? a : undefined;
  }, 30_000, 'import to end', API_POLL_MS);
}

describe('simulator import as a broadcast camera saw it (view: broadcast)', () => {
  it('[TRK-02] [TRK-04] on-camera rows are detected with pixels; off-camera players projected at 5 Hz without pixels', async () => {
    const truthDir = await writeSampleTruth();
    try {
      const a = await importDone({ format: 'sim', paths: { dir: truthDir }, view: 'broadcast' });
      expect(a.status, a.status_reason).toBe('done');
      const rows = (await t.api.get(`/v1/analyses/${a.id}/tracking/download?format=json`)).body as { timestamp: number; status: string; player_id: string | null; bbox_x: number | null; bbox_y: number | null; position_conf: number | null }[];
      const detected = rows.filter((r) => r.status === 'detected');
      const projected = rows.filter((r) => r.status === 'projected');
      expect(detected.length).toBeGreaterThan(projected.length);
      expect(projected.length).toBeGreaterThan(0);
      for (const r of detected) {
        expect(r.bbox_x).toBeGreaterThanOrEqual(0);
        expect(r.bbox_x).toBeLessThan(1280);
        expect(r.bbox_y).toBeLessThan(720);
      }
      for (const r of projected) {
        expect(r.timestamp % 200).toBe(0);
        expect(r.bbox_x).toBeNull();
        expect(r.player_id).toMatch(/^[01]-\d+$/);
        expect(r.position_conf).toBeGreaterThan(0);
      }
      // The full squad is covered: every player has a row (detected or projected) every 200 ms.
      const at = (ms: number) => new Set(rows.filter((r) => r.timestamp === ms && r.player_id).map((r) => r.player_id));
      expect(at(10_000).size).toBe(22);
      const refused = await t.api.post('/v1/imports', { format: 'metrica', paths: { home: join(dir, 'home.csv'), away: join(dir, 'away.csv') }, view: 'broadcast' });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/'view' applies to format 'sim' only/);
    } finally {
      rmSync(truthDir, { recursive: true, force: true });
    }
  });
});

describe('Metrica tracking import', () => {
  it('imports both teams\' CSVs with events: positions to the centimetre, goalkeepers found, possession from events', async () => {
    const a = await importDone({ format: 'metrica', paths: { home: join(dir, 'home.csv'), away: join(dir, 'away.csv'), events: join(dir, 'events.csv') } });
    expect(a.status, a.status_reason).toBe('done');
    const cols = await readTrackingFile(join(t.home, 'videos', String(a.video_id), 'analyses', String(a.id), 'tracking.tlc'));
    const people = track.objects.filter((o) => o.role === 'player' || o.role === 'goal_keeper').length;
    const ballRows = [...cols.role].filter((r) => r === ROLES.indexOf('ball')).length;
    expect(ballRows).toBe(track.frames);
    expect(cols.length).toBe(track.frames * (people + 1));
    const keepers = new Set<string>();
    for (let i = 0; i < cols.length; i++) if (cols.role[i] === ROLES.indexOf('goal_keeper')) keepers.add(cols.players[cols.player[i] as number] as string);
    // The synthetic match's number 1s keep goal.
    expect([...keepers].sort()).toEqual(['0-1', '1-1']);
    // First frame, a home player: the CSV's 5-decimal normalised value is within a centimetre.
    const home9 = track.objects.findIndex((o) => o.id === '0-9');
    const id = a.status === 'done' ? (await t.api.get(`/v1/analyses/${a.id}/team-mapping`)).body.team_0.role === 'home' ? '0-9' : '1-9' : '';
    const row = [...Array(cols.length).keys()].find((i) => cols.timestamp[i] === 0 && cols.players[cols.player[i] as number] === id) as number;
    expect(Math.abs((cols.x[row] as number) - Math.round((track.x[home9] as number) * 100))).toBeLessThanOrEqual(1);
    const events = (await t.api.get(`/v1/analyses/${a.id}/events?type=pass,team_possession`)).body as { type: string; start_ms: number; team: string }[];
    expect(events.filter((e) => e.type === 'pass')).toHaveLength(3);
    // Times are relative to the first tracking frame (frame 1): the kick-off pass at frame 26 is at 1000 ms.
    expect(events.find((e) => e.type === 'pass')?.start_ms).toBe(1000);
    expect(events.filter((e) => e.type === 'team_possession').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses files that are not Metrica tracking with the reason', async () => {
    const a = await importDone({ format: 'metrica', paths: { home: join(dir, 'events.csv'), away: join(dir, 'away.csv') } });
    expect(a.status).toBe('error');
    expect(a.status_reason).toMatch(/home tracking events\.csv: third line must start with Period,Frame/);
  });

  it.skipIf(!hasSharedData(join(SHARED_DATA, 'metrica', 'excerpts', 'metrica_home.csv'), METRICA_GAME_1))('reads the real Metrica excerpt (six frames of Sample Game 1)', async () => {
    const excerpts = join(SHARED_DATA, 'metrica', 'excerpts');
    const a = await importDone({
      format: 'metrica', paths: {
        home: join(excerpts, 'metrica_home.csv'), away: join(excerpts, 'metrica_away.csv'),
        events: METRICA_GAME_1,
      },
    });
    expect(a.status, a.status_reason).toBe('done');
    const meta = (await t.api.get(`/v1/analyses/${a.id}/meta-data`)).body;
    expect(meta.players.length).toBeGreaterThanOrEqual(22);
    const passes = (await t.api.get(`/v1/analyses/${a.id}/events?type=pass`)).body;
    expect(passes.length).toBeGreaterThan(700);
  });
});

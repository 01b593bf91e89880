import { describe, expect, it } from 'vitest';
import { playerCoverage } from '../../../engine/reports/player-coverage.js';
import { computePlayerReport } from '../../../engine/reports/player-report.js';
import { resolveOrientation } from '../../../engine/reports/orientation.js';
import { computeRowSpeeds } from '../../../engine/metrics/player-speed.js';
import {
  NULL_I16, ROLE_PLAYER, ROLE_REFEREE, STATUS_DETECTED_OVERLAP, STATUS_PROJECTED, STATUS_PROJECTED_NOCAM, TrackingBuilder, type TrackingColumns,
} from '../../../engine/results/tracking-columns.js';

// 0-9: detected frames 0-49 (2 s, the last 10 overlapping), then projected every 200 ms for 2 s (10 rows,
// the last 5 without any camera); 1-4: only projected (3 rows); a referee row without an id.
function rows(): TrackingColumns {
  const b = new TrackingBuilder();
  const p = b.playerIndex('0-9');
  const q = b.playerIndex('1-4');
  for (let f = 0; f < 100; f++) {
    const t = 1000 + f * 40;
    if (f < 50) b.push({ timestamp: t, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 3000 + f * 10, y: 2000, status: f >= 40 ? STATUS_DETECTED_OVERLAP : 0 });
    else if (f % 5 === 0) b.push({ timestamp: t, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 3500, y: 2000, bboxX: NULL_I16, bboxY: NULL_I16, status: f >= 75 ? STATUS_PROJECTED_NOCAM : STATUS_PROJECTED, positionConf: 0.5, identityConf: 0.5 });
    if (f % 5 === 0 && f < 15) b.push({ timestamp: t, role: ROLE_PLAYER, player: q, playerIdConf: 1, x: 6000, y: 3000, bboxX: NULL_I16, bboxY: NULL_I16, status: STATUS_PROJECTED, positionConf: 0.5, identityConf: 0.5 });
    if (f === 0) b.push({ timestamp: t, role: ROLE_REFEREE, player: -1, playerIdConf: 0, x: 5000, y: 3000 });
  }
  return b.finish();
}

describe('[PLR-04] coverage as the engine measures it', () => {
  it('counts detected frames, 200 ms per projected row, the overlap share and the first and last detected moments', () => {
    expect(playerCoverage(rows(), 40)).toEqual({
      '0-9': { seconds_detected: 2, seconds_projected: 2, overlap_share: 0.2, first_ms: 1000, last_ms: 2960 },
      '1-4': { seconds_detected: 0, seconds_projected: 0.6, overlap_share: null, first_ms: null, last_ms: null },
    });
  });

  it('is what the player report shows, with source coverage_artifact, when the run wrote it', () => {
    const cols = rows();
    const orientation = resolveOrientation({ leftStartTeam: 'home', source: 'video', hasTeams: true, events: [], durationMs: 5000 });
    const base = { tracking: cols, speeds: computeRowSpeeds(cols), events: [], orientation, crops: 0 };
    const facts = { engine_version: 'test', duration_ms: 5000, frame_ms: 40, team_kits: null };
    const measured = computePlayerReport('0-9', { ...base, facts: { ...facts, coverage: playerCoverage(cols, 40) } });
    expect(measured?.coverage).toEqual({ seconds_detected: 2, seconds_projected: 2, overlap_share: 0.2, first_ms: 1000, last_ms: 2960, reliable: false, source: 'coverage_artifact' });
    const counted = computePlayerReport('0-9', { ...base, facts });
    expect(counted?.coverage).toEqual({ ...measured?.coverage, source: 'tracking_fallback' });
  });
});

import { describe, expect, it } from 'vitest';
import { resultsOrientation } from '../../../engine/reports/orientation.js';
import { composeTeamMapping } from '../../../main/service/results/team-identity.js';
import { emptyColumns, type TrackingColumns } from '../../../engine/results/tracking-columns.js';

const video = {
  left_start_team: 'unknown' as const, left_start_team_set_by: null, confirmed_home_key: 'team_b' as const,
  home_team_name: 'Ajax', away_team_name: 'PSV',
};
const facts = {
  source: 'video' as const, duration_ms: 60_000,
  team_roles: { team_0: null, team_1: null }, kit_keys: { team_0: 'team_b' as const, team_1: 'team_a' as const },
};

/** The reports' orientation as the service composes it: the video's side now, the results' own squads. */
const reportOrientation = (v: Parameters<typeof composeTeamMapping>[0], f: typeof facts, tracking: TrackingColumns, events: []) =>
  resultsOrientation(composeTeamMapping(v, f).left_start_team, f, tracking, events);

describe('reportOrientation', () => {
  it('[PLR-02] a kit confirmed after the run resolves the side: hub, though the row still reads unknown', () => {
    const o = reportOrientation(video, facts, emptyColumns(0, ['0-7']), []);
    expect(o.source).toBe('hub');
    expect(o.frame).toBe('attacking');
  });

  it('[PLR-02] without a confirmed kit or an asserted side the engine\'s squads vouch (tracking)', () => {
    expect(reportOrientation({ ...video, confirmed_home_key: null }, facts, emptyColumns(0, ['0-7']), []).source).toBe('tracking');
    // No squads at all and nothing resolved: the camera frame.
    expect(reportOrientation({ ...video, confirmed_home_key: null }, facts, emptyColumns(0), []).source).toBeNull();
  });

  it('[PLR-02] a client-asserted side is hub whatever the kits say', () => {
    const asserted = { ...video, confirmed_home_key: null, left_start_team: 'away' as const, left_start_team_set_by: 'client' as const };
    expect(reportOrientation(asserted, facts, emptyColumns(0, ['0-7']), []).source).toBe('hub');
  });
});

import { describe, expect, it } from 'vitest';
import { composeTeamMapping } from '../../../main/service/results/team-identity.js';

const video = {
  left_start_team: 'unknown' as const, left_start_team_set_by: null, confirmed_home_key: 'team_b' as const,
  home_team_name: 'Ajax', away_team_name: 'PSV',
};
const facts = (kitKeys: { team_0: 'team_a' | 'team_b' | null; team_1: 'team_a' | 'team_b' | null }) => ({
  team_roles: { team_0: null, team_1: null }, kit_keys: kitKeys,
});

describe('composeTeamMapping', () => {
  it('[MAP-01] [MAP-02] [MAP-03] the confirmed kit names the squad that wore it home (confirmed_kit)', () => {
    const m = composeTeamMapping(video, facts({ team_0: 'team_b', team_1: 'team_a' }));
    expect(m).toEqual({
      team_0: { role: 'home', starts_left: true, name: 'Ajax' },
      team_1: { role: 'away', starts_left: false, name: 'PSV' },
      left_start_team: 'home', identity_source: 'confirmed_kit',
    });
    expect(composeTeamMapping(video, facts({ team_0: 'team_a', team_1: 'team_b' })).team_0).toMatchObject({ role: 'away', name: 'PSV' });
  });

  it('[MAP-04] an analysis that never matched kits (aggregated before identity measurement) has no roles, whatever was confirmed', () => {
    const m = composeTeamMapping(video, facts({ team_0: null, team_1: null }));
    expect(m).toEqual({
      team_0: { role: null, starts_left: true, name: 'Team 0' },
      team_1: { role: null, starts_left: false, name: 'Team 1' },
      left_start_team: 'unknown', identity_source: null,
    });
  });

  it('[MAP-03] a side the client asserted wins over the kit answer (asserted_side)', () => {
    const m = composeTeamMapping({ ...video, left_start_team: 'away', left_start_team_set_by: 'client' as const }, facts({ team_0: 'team_b', team_1: 'team_a' }));
    expect(m).toMatchObject({ team_0: { role: 'away', name: 'PSV' }, left_start_team: 'away', identity_source: 'asserted_side' });
  });
});

import type { AnalysisFacts, TeamLabel } from '../../../engine/api.js';
import type { LeftStartTeam, Side, VideoRow } from '../store/videos-repo.js';

export interface TeamSideInfo {
  role: Side | null;
  starts_left: boolean;
  name: string;
}

export interface TeamMapping {
  team_0: TeamSideInfo;
  team_1: TeamSideInfo;
  left_start_team: LeftStartTeam;
  identity_source: 'confirmed_kit' | 'asserted_side' | null;
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/**
 * Team identity composed at read time (GEN-08, spec 2.4): nothing here is stored with results, so a
 * confirmation, a renamed team or an asserted side arriving before, during or after a run relabels
 * every result at once. team_0 is the squad the engine saw start on the left. In order of authority:
 *  1. a client-set left_start_team (asserted_side): the team it names started left, so it is team_0;
 *  2. the confirmed home kit matched to the kit each label wore (confirmed_kit);
 *  3. the roles an import's data gives its squads (reported as confirmed_kit: the provider named them).
 * Without an answer the roles are null and the names neutral (`Team 0`, `Team 1`).
 */
export function composeTeamMapping(
  video: Pick<VideoRow, 'left_start_team' | 'left_start_team_set_by' | 'confirmed_home_key' | 'home_team_name' | 'away_team_name'>,
  facts: Pick<AnalysisFacts, 'team_roles' | 'kit_keys'> | null,
): TeamMapping {
  let role0: Side | null = null;
  let source: TeamMapping['identity_source'] = null;
  if (video.left_start_team_set_by === 'client' && video.left_start_team !== 'unknown') {
    role0 = video.left_start_team;
    source = 'asserted_side';
  } else if (facts && video.confirmed_home_key && facts.kit_keys.team_0) {
    role0 = facts.kit_keys.team_0 === video.confirmed_home_key ? 'home' : 'away';
    source = 'confirmed_kit';
  } else if (facts?.team_roles.team_0) {
    role0 = facts.team_roles.team_0;
    source = 'confirmed_kit';
  }
  const role1 = role0 ? other(role0) : null;
  const name = (role: Side | null, label: TeamLabel) =>
    role === 'home' ? video.home_team_name : role === 'away' ? video.away_team_name : label === 'team_0' ? 'Team 0' : 'Team 1';
  const left: LeftStartTeam = video.left_start_team_set_by === 'client' ? video.left_start_team : (role0 ?? 'unknown');
  return {
    team_0: { role: role0, starts_left: true, name: name(role0, 'team_0') },
    team_1: { role: role1, starts_left: false, name: name(role1, 'team_1') },
    left_start_team: left,
    identity_source: source,
  };
}

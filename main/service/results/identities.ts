import { type AnalysisFacts, parsePlayerId } from '../../../engine/api.js';
import type { Roster } from '../store/roster-repo.js';
import type { TeamMapping } from './team-identity.js';

export interface PlayerIdentity {
  player_id: string;
  team: 'team_0' | 'team_1';
  jersey: number | null;
  label: string;
  role: 'player' | 'goal_keeper';
  name: string;
  name_source: 'roster' | 'import' | 'default';
}

/**
 * Display names at read time: the video's roster (by the side the team mapping resolves and the shirt
 * label), else a name the imported data carried, else `<team name> #<jersey>` (`<team name> GK`).
 * A roster applies only once the team's side is known: before that nobody can say whose number 10 it is.
 */
export function resolveIdentities(facts: Pick<AnalysisFacts, 'players'>, mapping: TeamMapping, roster: Roster): PlayerIdentity[] {
  return facts.players.map((p) => {
    const parsed = parsePlayerId(p.player_id);
    const label = parsed?.label ?? p.player_id;
    const side = mapping[p.team].role;
    const fromRoster = side ? roster[side][label] : undefined;
    const name = fromRoster ?? p.name ?? `${mapping[p.team].name} ${/^[0-9]+$/.test(label) ? `#${label}` : label}`;
    return {
      player_id: p.player_id, team: p.team, jersey: p.jersey, label, role: p.role, name,
      name_source: fromRoster ? 'roster' : p.name ? 'import' : 'default',
    };
  });
}

export function identityMap(identities: readonly PlayerIdentity[]): Record<string, string> {
  return Object.fromEntries(identities.map((i) => [i.player_id, i.name]));
}

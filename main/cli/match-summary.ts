/** The parts of the summary (spec 2.6) the CLI's short human summary reads. */
export interface SummaryLike {
  teams: { team_0_name: string; team_1_name: string };
  metadata: { video_length_sec: number };
  possession: { summary: Record<'team_0' | 'team_1' | 'unknown', { pct: number }> };
  players: { player_id: string; team_id: string; name: string; stats: { total_distance_m: number; max_speed_kmh: number; tracking_duration_sec: number; ball_actions: { passes: number; shots: number } } }[];
}

/** An event as GET /analyses/{id}/events gives it; passes and shots per team are counted from these. */
export interface EventLike { type: string; team: string | null }

const TOP = 3;

/**
 * A short human summary of a finished analysis: possession, the longest distances, the top speeds and
 * passes per team. Pure: lines in, lines out, so it is tested on a hand-made summary.
 */
export function summaryLines(s: SummaryLike, events: EventLike[], given?: { home: string; away: string }): string[] {
  const name = { team_0: s.teams.team_0_name, team_1: s.teams.team_1_name } as Record<string, string>;
  const p = s.possession.summary;
  const pct = (v: number) => `${Math.round(v)}%`;
  const lines = [
    `${s.teams.team_0_name} - ${s.teams.team_1_name}, ${(s.metadata.video_length_sec / 60).toFixed(1)} minutes of video`,
    `possession: ${s.teams.team_0_name} ${pct(p.team_0.pct)}, ${s.teams.team_1_name} ${pct(p.team_1.pct)}, unknown ${pct(p.unknown.pct)}`,
  ];
  // Display labels without a roster already name the team ("Reds #7"); roster names do not.
  const who = (pl: SummaryLike['players'][number]) => {
    const team = name[pl.team_id] ?? pl.team_id;
    return pl.name.includes(team) ? pl.name : `${pl.name} (${team})`;
  };
  const identified = s.players.filter((pl) => pl.stats.tracking_duration_sec > 0);
  if (!identified.length) {
    lines.push('players: none identified (shirt numbers unread), so no per-player figures');
  } else {
    const distance = [...identified].sort((a, b) => b.stats.total_distance_m - a.stats.total_distance_m).slice(0, TOP);
    lines.push(`top distances: ${distance.map((pl) => `${who(pl)} ${(pl.stats.total_distance_m / 1000).toFixed(2)} km`).join(', ')}`);
    const speed = [...identified].sort((a, b) => b.stats.max_speed_kmh - a.stats.max_speed_kmh).slice(0, TOP);
    lines.push(`top speeds: ${speed.map((pl) => `${who(pl)} ${pl.stats.max_speed_kmh.toFixed(1)} km/h`).join(', ')}`);
  }
  // The names come from the side each squad took at kick-off; until that is known they are the engine's
  // labels, and a person who gave the names should hear why they are not shown.
  if (given && ![given.home, given.away].includes(s.teams.team_0_name)) {
    lines.push(`(which squad is ${given.home} is not known yet: give --left-start home|away, or confirm the kits in the app, then \`touchline export\`)`);
  }
  // From the events, not the players: a pass by a player whose shirt was never read still counts for his team.
  const count = (type: string, team: string) => events.filter((e) => e.type === type && e.team === team).length;
  for (const [type, label] of [['pass', 'passes'], ['shot', 'shots']] as const) {
    lines.push(`${label}: ${s.teams.team_0_name} ${count(type, 'team_0')}, ${s.teams.team_1_name} ${count(type, 'team_1')}`);
  }
  return lines;
}

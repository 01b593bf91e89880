import { FRAME_MS, PITCH_LENGTH, PITCH_WIDTH, type MatchSource, type PitchPoint, type RosterPlayer, type TeamSide } from '../match-data/match-events.js';

export type Line = 'GK' | 'DEF' | 'MID' | 'FWD';

/** A formation slot in a team's attacking frame: own goal at x = 0, attacking towards x = 105. */
export interface Slot {
  line: Line;
  x: number;
  y: number;
}

/** 4-4-2 reference positions, metres, for a mid block. */
export const FORMATION_442: readonly Slot[] = [
  { line: 'GK', x: 5, y: 34 },
  { line: 'DEF', x: 20, y: 9 }, { line: 'DEF', x: 17, y: 26 }, { line: 'DEF', x: 17, y: 42 }, { line: 'DEF', x: 20, y: 59 },
  { line: 'MID', x: 37, y: 9 }, { line: 'MID', x: 34, y: 27 }, { line: 'MID', x: 34, y: 41 }, { line: 'MID', x: 37, y: 59 },
  { line: 'FWD', x: 50, y: 27 }, { line: 'FWD', x: 50, y: 41 },
];

export interface Appearance {
  player: RosterPlayer;
  /** The starting slot; `reshuffles` may move the player later. */
  slot: Slot;
  /** Slot changes after substitutions, by time: the new eleven are re-assigned from where they play. */
  reshuffles: { fromMs: number; slot: Slot }[];
  /** Match time (ms) the player is on the pitch: [onMs, offMs). */
  onMs: number;
  offMs: number;
}

/** The slot a player holds at time t. */
export function slotAt(a: Appearance, t: number): Slot {
  let slot = a.slot;
  for (const r of a.reshuffles) if (r.fromMs <= t) slot = r.slot;
  return slot;
}

export interface Lineups {
  appearances: Appearance[];
  /** Per period: does the home team attack towards x = 105? */
  homeAttacksRight: Map<number, boolean>;
  matchStartMs: number;
  matchEndMs: number;
}

interface Seen { first: number; last: number; times: number[]; sumX: Map<number, number>; sumY: Map<number, number>; n: Map<number, number> }

/**
 * Who plays where and when. Metrica's sample CSVs carry no line-ups or substitutions, so they are read
 * from the events: the eleven earliest players of a team start; each later player replaces the
 * team-mate (same role) who disappears from the events before the newcomer's first action.
 */
export function buildLineups(source: MatchSource): Lineups {
  const periods = source.periods;
  const matchStartMs = (periods[0]?.startFrame ?? 0) * FRAME_MS;
  const matchEndMs = (periods[periods.length - 1]?.endFrame ?? 0) * FRAME_MS;
  const seen = new Map<string, Seen>();
  for (const e of source.events) {
    for (const [key, at, point] of [[e.from, e.startFrame, e.start], [e.to, e.endFrame, e.end]] as const) {
      if (!key) continue;
      const s: Seen = seen.get(key) ?? { first: Infinity, last: -Infinity, times: [], sumX: new Map(), sumY: new Map(), n: new Map() };
      const ms = at * FRAME_MS;
      s.first = Math.min(s.first, ms);
      s.last = Math.max(s.last, ms);
      s.times.push(ms);
      if (point) {
        s.sumX.set(e.period, (s.sumX.get(e.period) ?? 0) + point.x);
        s.sumY.set(e.period, (s.sumY.get(e.period) ?? 0) + point.y);
        s.n.set(e.period, (s.n.get(e.period) ?? 0) + 1);
      }
      seen.set(key, s);
    }
  }

  const homeAttacksRight = attackDirections(source, seen);
  const appearances: Appearance[] = [];
  // Generated players join a copy: the caller's roster is never changed.
  const roster = source.roster.slice();
  for (const team of ['home', 'away'] as const) {
    const squad = roster.filter((p) => p.team === team && seen.has(p.key));
    squad.sort((a, b) => (seen.get(a.key) as Seen).first - (seen.get(b.key) as Seen).first);
    const keeper = squad.find((p) => p.goalkeeper);
    const starters = keeper ? [keeper, ...squad.filter((p) => p !== keeper).slice(0, 10)] : squad.slice(0, 11);
    const subs = squad.filter((p) => !starters.includes(p));
    // A team always fields eleven: players the events never mention, then generated squad numbers.
    const unseen = roster.filter((p) => p.team === team && !seen.has(p.key));
    while (starters.length < 11) {
      const wantKeeper = !starters.some((p) => p.goalkeeper);
      const pick = unseen.find((p) => p.goalkeeper === wantKeeper) ?? unseen[0] ?? generatedPlayer(roster, team, wantKeeper);
      unseen.splice(unseen.indexOf(pick), 1);
      starters.push(pick);
    }
    const onPitch: Appearance[] = assignSlots(starters, seen, (period) => (homeAttacksRight.get(period) ?? true) === (team === 'home'))
      .map(({ player, slot }) => ({ player, slot, reshuffles: [], onMs: matchStartMs, offMs: matchEndMs }));
    appearances.push(...onPitch);
    for (const sub of subs) {
      const first = (seen.get(sub.key) as Seen).first;
      const candidates = onPitch.filter((a) => a.offMs === matchEndMs && a.player.goalkeeper === sub.goalkeeper
        && !(seen.get(a.player.key) as Seen).times.some((t) => t >= first));
      const pool = candidates.length ? candidates : onPitch.filter((a) => a.offMs === matchEndMs && !a.player.goalkeeper);
      const replaced = pool.reduce<Appearance | undefined>((best, a) => {
        const last = (seen.get(a.player.key) as Seen).last;
        return !best || last > (seen.get(best.player.key) as Seen).last ? a : best;
      }, undefined);
      if (!replaced) continue;
      const replacedLast = Math.min((seen.get(replaced.player.key) as Seen).last, first - 2000);
      const change = Math.round(Math.min(first - 2000, Math.max(first - 60_000, (replacedLast + first) / 2)) / FRAME_MS) * FRAME_MS;
      replaced.offMs = change;
      const entry: Appearance = { player: sub, slot: replaced.slot, reshuffles: [], onMs: change, offMs: matchEndMs };
      onPitch.push(entry);
      appearances.push(entry);
      // The newcomer need not play where the player he replaced did: re-assign the eleven.
      const eleven = onPitch.filter((a) => a.offMs === matchEndMs);
      const attacksRight = (period: number) => (homeAttacksRight.get(period) ?? true) === (team === 'home');
      for (const { player, slot } of assignSlots(eleven.map((a) => a.player), seen, attacksRight)) {
        const app = eleven.find((a) => a.player === player) as Appearance;
        if (app === entry) entry.slot = slot;
        else if (slotAt(app, change) !== slot) app.reshuffles.push({ fromMs: change, slot });
      }
    }
  }
  return { appearances, homeAttacksRight, matchStartMs, matchEndMs };
}

function generatedPlayer(roster: RosterPlayer[], team: TeamSide, goalkeeper: boolean): RosterPlayer {
  let jersey = 1;
  while (roster.some((p) => p.team === team && p.jersey === jersey)) jersey++;
  const player: RosterPlayer = { key: `${team}:${jersey}`, team, jersey, name: `${team === 'home' ? 'Home' : 'Away'} ${jersey}`, goalkeeper };
  roster.push(player);
  return player;
}

/**
 * Which way each team attacks in each period: from where its goalkeeper acts (near its own goal),
 * else from the shots (towards the attacked goal), else the convention home-attacks-right first.
 */
function attackDirections(source: MatchSource, seen: Map<string, Seen>): Map<number, boolean> {
  const out = new Map<number, boolean>();
  for (const { period } of source.periods) {
    let vote = 0;
    for (const p of source.roster) {
      if (!p.goalkeeper) continue;
      const s = seen.get(p.key);
      const n = s?.n.get(period) ?? 0;
      if (!s || n === 0) continue;
      const meanX = (s.sumX.get(period) as number) / n;
      // A home keeper on the left means home attacks right; an away keeper on the left means the opposite.
      vote += (meanX < PITCH_LENGTH / 2 ? 1 : -1) * (p.team === 'home' ? 1 : -1) * n;
    }
    if (vote === 0) {
      for (const e of source.events) {
        if (e.period !== period || e.type !== 'SHOT' || !e.start || !e.team) continue;
        vote += (e.start.x > PITCH_LENGTH / 2 ? 1 : -1) * (e.team === 'home' ? 1 : -1);
      }
    }
    out.set(period, vote === 0 ? period % 2 === 1 : vote > 0);
  }
  return out;
}

/** Mean event position of a player in his team's attacking frame, over all periods. */
function meanAttackingPosition(s: Seen | undefined, attacksRight: (period: number) => boolean): PitchPoint | null {
  if (!s) return null;
  let x = 0;
  let y = 0;
  let n = 0;
  for (const [period, count] of s.n) {
    const sx = s.sumX.get(period) as number;
    const sy = s.sumY.get(period) as number;
    const right = attacksRight(period);
    x += right ? sx : count * PITCH_LENGTH - sx;
    y += right ? sy : count * PITCH_WIDTH - sy;
    n += count;
  }
  return n ? { x: x / n, y: y / n } : null;
}

/** Goalkeeper to the GK slot; outfield players by depth into the back four, midfield four and front two, then by width. */
export function assignSlots(players: RosterPlayer[], seen: Map<string, Seen>, attacksRight: (period: number) => boolean): { player: RosterPlayer; slot: Slot }[] {
  const keeper = players.find((p) => p.goalkeeper) ?? players[0];
  const outfield = players.filter((p) => p !== keeper).map((player, i) => {
    const pos = meanAttackingPosition(seen.get(player.key), attacksRight) ?? { x: 30 + i, y: 34 };
    return { player, pos };
  });
  outfield.sort((a, b) => a.pos.x - b.pos.x);
  const lines: [Line, number][] = [['DEF', 4], ['MID', 4], ['FWD', 2]];
  const out: { player: RosterPlayer; slot: Slot }[] = keeper ? [{ player: keeper, slot: FORMATION_442[0] as Slot }] : [];
  let taken = 0;
  for (const [line, count] of lines) {
    const group = outfield.slice(taken, taken + count).sort((a, b) => a.pos.y - b.pos.y);
    const slots = FORMATION_442.filter((s) => s.line === line).slice().sort((a, b) => a.y - b.y);
    group.forEach((g, i) => out.push({ player: g.player, slot: slots[i] as Slot }));
    taken += count;
  }
  return out;
}

export type { TeamSide };

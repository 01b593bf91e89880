import { parsePlayerId } from '../results/analysis-facts.js';
import { isDetectedStatus, NO_TEAM, ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, type TrackingColumns } from '../results/tracking-columns.js';
import type { BallControlInput } from './ball-control.js';

/** Who a slot holds at a frame: the player id when known, else the tracker's id. */
export interface SlotOccupant {
  playerId: string | null;
  track: number;
}

export interface RowsControlInput {
  input: BallControlInput;
  /** Time of frame 0, ms. */
  startMs: number;
  /** The person in slot k at frame f, or null. */
  occupant(slot: number, frame: number): SlotOccupant | null;
}

interface Person {
  key: string;
  playerId: string | null;
  track: number;
  team: 0 | 1;
  keeper: boolean;
  first: number;
  last: number;
  rows: number[];
  /** Rows labelled squad 0, squad 1, goalkeeper. */
  votes: [number, number, number];
}

/**
 * Ball-control input from stored tracking rows (spec 2.7 plus our team and track columns): the
 * detected rows of players and goalkeepers whose squad is known, and the ball. A person is a player id
 * when the rows carry one, else a tracker id; a video's tracker makes hundreds of short tracks, so
 * people share slots (one squad and role per slot, never two at once) and the input stays about
 * 30 columns wide. Projected rows are left out: events come from what was seen. The ball has no
 * height in the rows (NaN: taken as on the ground).
 */
export function controlInputFromRows(columns: TrackingColumns, frameMs = 40): RowsControlInput | null {
  if (columns.length === 0) return null;
  const startMs = columns.timestamp[0] as number;
  const frames = Math.floor(((columns.timestamp[columns.length - 1] as number) - startMs) / frameMs) + 1;
  const people = new Map<string, Person>();
  const ballX = new Float32Array(frames).fill(Number.NaN);
  const ballY = new Float32Array(frames).fill(Number.NaN);
  for (let i = 0; i < columns.length; i++) {
    if (!isDetectedStatus(columns.status[i] as number)) continue;
    const t = (columns.timestamp[i] as number) - startMs;
    if (t % frameMs !== 0) continue;
    const f = t / frameMs;
    const role = columns.role[i] as number;
    if (role === ROLE_BALL) {
      if (Number.isNaN(ballX[f] as number)) {
        ballX[f] = (columns.x[i] as number) / 100;
        ballY[f] = (columns.y[i] as number) / 100;
      }
      continue;
    }
    if (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) continue;
    const p = columns.player[i] as number;
    const playerId = p >= 0 ? (columns.players[p] ?? null) : null;
    const rowTeam = columns.team[i] as number;
    const team = rowTeam !== NO_TEAM ? rowTeam : playerId ? (parsePlayerId(playerId)?.team ?? NO_TEAM) : NO_TEAM;
    if (team !== 0 && team !== 1) continue;
    // A tracker id whose rows change squad holds two people (an identity switch): one person per squad.
    const key = playerId ?? `track:${columns.track[i] as number}:${team}`;
    let person = people.get(key);
    if (!person) {
      person = { key, playerId, track: columns.track[i] as number, team, keeper: false, first: f, last: f, rows: [], votes: [0, 0, 0] };
      people.set(key, person);
    }
    person.last = f;
    person.rows.push(i);
    // Squad and role by majority over the person's rows (a track's label can change along it).
    person.votes[team]! += 1;
    if (role === ROLE_GOAL_KEEPER) person.votes[2]! += 1;
  }
  for (const person of people.values()) {
    person.team = (person.votes[1] > person.votes[0] ? 1 : 0);
    person.keeper = person.votes[2] * 2 > person.rows.length;
  }
  // Slots: people of one squad and role share a slot when their spans do not overlap.
  const slots: { team: 0 | 1; keeper: boolean; freeFrom: number; people: Person[] }[] = [];
  for (const person of [...people.values()].sort((a, b) => a.first - b.first)) {
    let slot = slots.find((s) => s.team === person.team && s.keeper === person.keeper && s.freeFrom <= person.first);
    if (!slot) {
      slot = { team: person.team, keeper: person.keeper, freeFrom: 0, people: [] };
      slots.push(slot);
    }
    slot.freeFrom = person.last + 1;
    slot.people.push(person);
  }
  const n = slots.length;
  const x = new Float32Array(frames * n).fill(Number.NaN);
  const y = new Float32Array(frames * n).fill(Number.NaN);
  slots.forEach((slot, k) => {
    for (const person of slot.people) {
      for (const i of person.rows) {
        const f = ((columns.timestamp[i] as number) - startMs) / frameMs;
        x[f * n + k] = (columns.x[i] as number) / 100;
        y[f * n + k] = (columns.y[i] as number) / 100;
      }
    }
  });
  const occupant = (slot: number, frame: number): SlotOccupant | null => {
    const s = slots[slot];
    const person = s?.people.find((p) => p.first <= frame && frame <= p.last);
    return person ? { playerId: person.playerId, track: person.track } : null;
  };
  return {
    input: {
      frames, players: n, x, y, team: Int8Array.from(slots, (s) => s.team), keeper: Uint8Array.from(slots, (s) => (s.keeper ? 1 : 0)),
      ballX, ballY, ballZ: new Float32Array(frames).fill(Number.NaN),
    },
    startMs,
    occupant,
  };
}

/**
 * `npm run bench:events -- [--truth DIR] [--record]`: events from positions against the real events.
 *
 * The simulator's ground-truth tracking of Sample Game 1 (the whole match, simulated in memory from
 * ../shared/data/metrica in about 2 s, or a truth directory from `touchline sim --truth-only`) goes
 * through the engine's event stages, and what they say is scored against the real Metrica events the
 * simulation was built from (never used by the stages). So far: passes (F1 against the real PASS
 * events, start within 1 s, same team) and team possession per frame, against
 * the possession chain of the real events (engine/events/possession-from-events.ts: the team of the
 * last controlling action, nobody's from a ball lost to the next recovery and from the ball going dead
 * (out, a goal, a foul) to the restart), over the in-play frames where that chain names a team.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { parseMetricaEventsCsv } from '../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import { toTruthEvents, type TruthEvent } from '../engine/match-data/truth-events.js';
import type { SimTrack } from '../engine/match-data/sim-track.js';
import { readSimTruth, type SimTruth } from '../engine/io/sim-truth.js';
import { controlInputFromTrack } from '../engine/events/ball-control-input.js';
import { possessionFromEvents } from '../engine/events/possession-from-events.js';
import { detectEvents, type EventDetection } from '../engine/events/detect-events.js';
import { planBall } from '../engine/sim/ball-path.js';
import type { MatchSource } from '../engine/match-data/match-events.js';
import { scoreEvents, type EventScore } from './eval/event-match.js';
import { loadEngineOutput } from './eval/load.js';
import { columnsFromEngineRows } from './eval/engine-rows-columns.js';
import { eventsFromRows } from '../engine/events/events-from-rows.js';
import { numberEvents } from '../engine/events/number-events.js';
import { PITCH_LENGTH } from '../engine/geometry/pitch-markings.js';
import { importSimTruth } from '../engine/import/from-sim.js';
import { machineDescription, report, runBench } from './machine.js';

const METRICA = fileURLToPath(new URL('../../../shared/data/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv', import.meta.url));

async function loadTruth(dir: string | undefined): Promise<{ track: SimTrack; events: TruthEvent[]; label: string; source?: MatchSource } | null> {
  if (dir) {
    const t = await readSimTruth(dir);
    return { track: t.track, events: t.events, label: dir };
  }
  if (!existsSync(METRICA)) return null;
  const source = parseMetricaEventsCsv(readFileSync(METRICA, 'utf8'));
  return { track: simulateMatch(source, { seed: 1 }), events: toTruthEvents(source), source, label: 'Sample Game 1, whole match, simulated in memory (seed 1)' };
}

/** Carries in the simulator's ball plan: spells in which a player moved the ball at his feet, merged per holder. */
function truthCarries(source: MatchSource, minLength: number): { t: number; team: number | null }[] {
  const out: { t: number; team: number | null; holder: string; t1: number; x0: number; y0: number; x1: number; y1: number }[] = [];
  for (const s of planBall(source).segments) {
    if (s.kind !== 'carry' || !s.holder) continue;
    const last = out[out.length - 1];
    if (last && last.holder === s.holder && s.t0 - last.t1 <= 40) {
      last.t1 = s.t1;
      last.x1 = s.p1.x;
      last.y1 = s.p1.y;
    } else {
      out.push({ t: s.t0, t1: s.t1, team: s.team === 'home' ? 0 : s.team === 'away' ? 1 : null, holder: s.holder, x0: s.p0.x, y0: s.p0.y, x1: s.p1.x, y1: s.p1.y });
    }
  }
  return out.filter((c) => Math.hypot(c.x1 - c.x0, c.y1 - c.y0) >= minLength);
}

/** Tackle records (Metrica writes one per player in the duel) grouped into duels; the team that won it when recorded. */
function truthTackles(events: readonly TruthEvent[]): { t: number; team: number | null }[] {
  const duels: { t: number; team: number | null }[] = [];
  for (const e of events) {
    if (e.type !== 'tackle') continue;
    const last = duels[duels.length - 1];
    const wonBy = e.provider_subtypes.includes('WON') ? e.team : null;
    if (last && e.start_ms - last.t <= 1000) {
      last.team ??= wonBy;
    } else duels.push({ t: e.start_ms, team: wonBy });
  }
  return duels;
}

/** Balls a provider's losses that were not played (a tackle, a whistle, the ball off the woodwork or the referee). */
const UNPLAYED_LOSS = ['THEFT', 'FORCED', 'END HALF', 'OFFSIDE', 'WOODWORK', 'REFEREE HIT'];

/**
 * A ball played from a player, in Metrica's events: a PASS (completed), a BALL OUT (played out of
 * play), or a BALL LOST that travelled at least 3 m (intercepted, or played to nobody and picked up by
 * the other side; not a ball taken off the player's feet). Our passes are every such ball.
 */
function isPlayedBall(e: TruthEvent): boolean {
  if (e.type === 'pass' || e.type === 'ball_out') return true;
  if (e.type !== 'ball_lost' || !e.start || !e.end || e.provider_subtypes.some((s) => UNPLAYED_LOSS.includes(s))) return false;
  return Math.hypot(e.end.x - e.start.x, e.end.y - e.start.y) >= 3;
}

/**
 * End to end: the events the engine's stages find in an analysis's tracking rows (video -> engine
 * tracking -> events), passes scored against the rendered fixture's real events like for like.
 */
async function endToEnd(truthDir: string, analysisDir: string): Promise<void> {
  const truth = await readSimTruth(truthDir);
  const output = await loadEngineOutput(analysisDir);
  const columns = columnsFromEngineRows(output.rows);
  const t0 = performance.now();
  const events = numberEvents(eventsFromRows(columns, { durationMs: truth.track.frames * truth.track.frameMs }));
  const ms = performance.now() - t0;
  // The fixture's events from its first to its last frame; our team labels back to the truth's squads
  // by where the squads stood (the truth's 0 is home).
  const from = truth.track.startMs;
  const to = from + truth.track.frames * truth.track.frameMs;
  const inWindow = truth.events.filter((e) => e.start_ms >= from && e.start_ms < to);
  const homeLeft = homeStartsLeftIn(truth.track);
  const toTruthTeam = (t: string | null) => (t === null ? null : (t === 'team_0') === homeLeft ? 0 : 1);
  const realPasses = inWindow.filter(isPlayedBall).map((e) => ({ t: e.start_ms, team: e.team }));
  const ours = events.filter((e) => e.type === 'pass').map((e) => ({ t: e.start_ms, team: toTruthTeam(e.team) }));
  const pass = scoreEvents(realPasses, ours);
  const realShots = inWindow.filter((e) => e.type === 'shot').map((e) => ({ t: e.start_ms, team: e.team }));
  const shots = scoreEvents(realShots, events.filter((e) => e.type === 'shot').map((e) => ({ t: e.start_ms, team: toTruthTeam(e.team) })));
  report([
    `## bench:events end to end ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:events -- --truth ${truthDir} --analysis ${analysisDir}\`: the video engine's tracking rows of the rendered fixture through the event stages, scored against the fixture's real events.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| pass F1, every ball played vs PASS + BALL OUT + BALL LOST played 3 m or more (start within 1 s, same team) | **${pass.f1.toFixed(3)}** (P ${pass.precision.toFixed(3)}, R ${pass.recall.toFixed(3)}; real ${realPasses.length}, ours ${ours.length}) | >= 0.75 |`,
    `| shot F1 | ${shots.f1.toFixed(3)} (real ${realShots.length}, ours ${events.filter((e) => e.type === 'shot').length}) | |`,
    `| events by type | ${[...new Set(events.map((e) => e.type))].map((t) => `${t} ${events.filter((e) => e.type === t).length}`).join(', ')} | |`,
    `| event stages over ${output.rows.length} rows | ${ms.toFixed(0)} ms | |`,
  ].join('\n'));
}

/**
 * Whether the truth's home squad (0) stands in the left half in the fixture's first frame with it on the
 * pitch. The video engine's team_0 is the squad further left in the analysis's first minute, whichever
 * half the video shows, so a second-half fixture keeps its own sides (not the match's kick-off sides).
 */
function homeStartsLeftIn(track: SimTrack): boolean {
  const n = track.objects.length;
  for (let f = 0; f < track.frames; f++) {
    let sum = 0;
    let count = 0;
    track.objects.forEach((o, i) => {
      const x = track.x[f * n + i] as number;
      if (o.team === 0 && (o.role === 'player' || o.role === 'goal_keeper') && !Number.isNaN(x)) {
        sum += x;
        count++;
      }
    });
    if (count) return sum / count < PITCH_LENGTH / 2;
  }
  return true;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, analysis: { type: 'string' }, record: { type: 'boolean' } } });
  if (values.truth && values.analysis) {
    await endToEnd(values.truth, values.analysis);
    return;
  }
  const truth = await loadTruth(values.truth);
  if (!truth) {
    process.stdout.write(`bench:events skipped: no --truth and no ${METRICA}\n`);
    return;
  }
  const { track, events } = truth;
  const built = controlInputFromTrack(track);
  if (!built) throw new Error('the truth track has no ball');
  // Honest input: positions only. The simulator's in-play flag is truth; the stages infer their own.
  const { inPlay: _truthInPlay, ...positions } = built.input;
  const t0 = performance.now();
  const found = detectEvents(positions, track.frameMs);
  const eventsMs = performance.now() - t0;
  const withFlag = detectEvents(built.input, track.frameMs);
  // What an analysis does: the same positions as stored rows (every object a detected row), through
  // the rows' entry point, records and ids included.
  const imported = importSimTruth({ track, events, meta: { periods: [] } as unknown as SimTruth['meta'] });
  const r0 = performance.now();
  const fromRows = eventsFromRows(imported.columns, { durationMs: track.frames * track.frameMs });
  const rowsMs = performance.now() - r0;
  const at = (frame: number) => track.startMs + frame * track.frameMs;
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  const f1 = (s: EventScore, real: number, ours: number) => `**${s.f1.toFixed(3)}** (P ${s.precision.toFixed(3)}, R ${s.recall.toFixed(3)}; real ${real}, ours ${ours})`;

  // Passes against the real events, start within 1 s, same team. Like against like: our passes are every
  // ball played from a player (reaching a team-mate, an opponent, or nobody before it went out), so they
  // meet Metrica's balls played (isPlayedBall); our completed passes meet PASS alone.
  const realPasses = events.filter(isPlayedBall).map((e) => ({ t: e.start_ms, team: e.team }));
  const passScore = (d: EventDetection) => scoreEvents(realPasses, d.passes.map((p) => ({ t: at(p.startFrame), team: p.team })));
  const pass = passScore(found);
  const realCompleted = events.filter((e) => e.type === 'pass').map((e) => ({ t: e.start_ms, team: e.team }));
  const ourCompleted = found.passes.filter((p) => p.receiverTeam === p.team).map((p) => ({ t: at(p.startFrame), team: p.team }));
  const completed = scoreEvents(realCompleted, ourCompleted);
  const realCrosses = events.filter((e) => (e.type === 'pass' || e.type === 'ball_lost' || e.type === 'ball_out') && e.provider_subtypes.includes('CROSS')).map((e) => ({ t: e.start_ms, team: e.team }));
  const ourCrosses = found.passes.filter((p) => p.passType === 'cross').map((p) => ({ t: at(p.startFrame), team: p.team }));
  const crosses = scoreEvents(realCrosses, ourCrosses);
  const kinds: Record<string, string> = { 'THROW IN': 'throw_in', 'CORNER KICK': 'corner_kick', 'GOAL KICK': 'goal_kick', 'FREE KICK': 'free_kick', 'KICK OFF': 'kick_off' };
  // Metrica records goal kicks as the ball played (PASS, BALL LOST, BALL OUT with subtype GOAL KICK), not as
  // a SET PIECE record.
  const realRestarts = [
    ...events.filter((e) => e.type === 'set_piece').map((e) => ({ t: e.start_ms, team: e.team, kind: e.provider_subtypes.map((s) => kinds[s]).find(Boolean) ?? 'free_kick' })),
    ...events.filter((e) => e.type !== 'set_piece' && e.provider_subtypes.includes('GOAL KICK')).map((e) => ({ t: e.start_ms, team: e.team, kind: 'goal_kick' })),
  ];
  const restartScore = (kind: string) => scoreEvents(realRestarts.filter((r) => r.kind === kind), found.passes.filter((p) => p.setPiece === kind).map((p) => ({ t: at(p.startFrame), team: p.team })), 2000);

  const realShots = events.filter((e) => e.type === 'shot').map((e) => ({ t: e.start_ms, team: e.team }));
  const shots = scoreEvents(realShots, found.shots.map((s) => ({ t: at(s.startFrame), team: s.team })));
  const realTackles = truthTackles(events);
  const tackles = scoreEvents(realTackles, found.tackles.map((k) => ({ t: at(k.frame), team: k.team })));
  const realBlocks = events.filter((e) => e.type === 'block').length;
  const source = truth.source;
  const realCarries = source ? truthCarries(source, 3) : null;
  const drives = realCarries ? scoreEvents(realCarries, found.drives.map((d) => ({ t: at(d.startFrame), team: d.team }))) : null;

  // Period boundaries against the simulator's periods.
  const truthBounds: number[] = [];
  for (let f = 0; f < track.frames; f++) {
    const p = track.period[f] as number;
    const q = f ? (track.period[f - 1] as number) : 0;
    if (p !== q) truthBounds.push(f);
  }
  if ((track.period[track.frames - 1] as number) > 0) truthBounds.push(track.frames);
  const ourBounds = found.periods.flatMap((p) => [p.startFrame, p.endFrame]);
  const boundErr = truthBounds.length === ourBounds.length ? Math.max(...truthBounds.map((b, i) => Math.abs(b - (ourBounds[i] as number)))) * track.frameMs / 1000 : null;

  const possession = (d: EventDetection) => {
    const real = possessionFromEvents(events.map((e) => ({ ...e, start_ms: e.start_ms - track.startMs, end_ms: e.end_ms - track.startMs })), track.frames, track.frameMs);
    let scored = 0;
    let agree = 0;
    let unknown = 0;
    let inPlay = 0;
    let unknownInPlay = 0;
    for (let f = 0; f < track.frames; f++) {
      if (track.inPlay[f] !== 1) continue;
      inPlay++;
      const ours = d.control.team[f] as number;
      if (ours < 0) unknownInPlay++;
      const want = real[f] as number;
      if (want < 0) continue;
      scored++;
      if (ours === want) agree++;
      else if (ours < 0) unknown++;
    }
    return { scored, agree, unknown, inPlay, unknownInPlay };
  };
  const pos = possession(found);
  const posFlag = possession(withFlag);
  let liveAgree = 0;
  let inPeriod = 0;
  for (let f = 0; f < track.frames; f++) {
    if (!track.period[f]) continue;
    inPeriod++;
    if (found.live[f] === track.inPlay[f]) liveAgree++;
  }
  report([
    `## bench:events ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:events${values.truth ? ` -- --truth ${values.truth}` : ''}\`. Truth: ${truth.label}; scored against the real Metrica events. The stages see positions only (the ball's in-play state inferred, agreeing with the simulator's on ${pct(liveAgree, inPeriod)} of the frames of play periods).`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| team possession agreement (in-play frames where the real events name a team) | **${pct(pos.agree, pos.scored)}** (${pos.agree} / ${pos.scored}) | >= 90% |`,
    `| of the disagreements: ours unknown / the other team | ${pct(pos.unknown, pos.scored)} / ${pct(pos.scored - pos.agree - pos.unknown, pos.scored)} | |`,
    `| agreement where both name a team | ${pct(pos.agree, pos.scored - pos.unknown)} | |`,
    `| team possession unknown (share of in-play frames) | ${pct(pos.unknownInPlay, pos.inPlay)} | 5-15% typical |`,
    `| pass F1, every ball played vs PASS + BALL OUT + BALL LOST played 3 m or more (start within 1 s, same team) | ${f1(pass, realPasses.length, found.passes.length)} | >= 0.90 |`,
    `| completed-pass F1 vs PASS | ${f1(completed, realCompleted.length, ourCompleted.length)} | |`,
    `| crosses (pass_type cross vs subtype CROSS) | ${f1(crosses, realCrosses.length, ourCrosses.length)} | |`,
    `| set pieces: throw-ins / corners / goal kicks / free kicks (within 2 s) | ${['throw_in', 'corner_kick', 'goal_kick', 'free_kick'].map((k) => restartScore(k).f1.toFixed(2)).join(' / ')} | |`,
    `| shot F1 vs SHOT (start within 1 s, same team) | ${f1(shots, realShots.length, found.shots.length)} | >= 0.80 |`,
    `| tackle F1 vs CHALLENGE TACKLE duels (within 1 s; the winner's team when recorded) | ${f1(tackles, realTackles.length, found.tackles.length)} | >= 0.60 |`,
    `| drive F1 vs the simulator's carries of 3 m or more (start within 1 s, same team) | ${drives && realCarries ? f1(drives, realCarries.length, found.drives.length) : 'n/a (needs the events file)'} | >= 0.80 |`,
    `| blocked shots: real RECOVERY BLOCKED / ours | ${realBlocks} / ${found.shots.filter((s) => s.outcome === 'blocked').length} | |`,
    `| periods found / real; worst boundary error | ${found.periods.length} / ${truthBounds.length / 2}; ${boundErr === null ? 'n/a' : `**${boundErr.toFixed(2)} s**`} | <= 2 s |`,
    `| with the simulator's in-play flag instead: possession agreement / pass F1 | ${pct(posFlag.agree, posFlag.scored)} / ${passScore(withFlag).f1.toFixed(3)} | |`,
    `| all event stages over ${track.frames} frames | ${eventsMs.toFixed(0)} ms | < 5 s |`,
    `| from ${imported.columns.length} stored rows to ${fromRows.length} event records (what an analysis runs) | ${rowsMs.toFixed(0)} ms | < 5 s |`,
  ].join('\n'));
}

runBench(main);

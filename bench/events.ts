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
import { parseMetricaEventsCsv } from '../engine/sim/events/metrica-csv.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import { toTruthEvents, type TruthEvent } from '../engine/sim/truth-events.js';
import type { SimTrack } from '../engine/sim/sim-track.js';
import { readSimTruth } from '../engine/io/sim-truth.js';
import { ballControl } from '../engine/events/ball-control.js';
import { controlInputFromTrack } from '../engine/events/ball-control-input.js';
import { possessionFromEvents } from '../engine/events/possession-from-events.js';
import { detectPasses } from '../engine/events/passes.js';
import { scoreEvents } from './eval/event-match.js';
import { machineDescription, report, runBench } from './machine.js';

const METRICA = fileURLToPath(new URL('../../../shared/data/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv', import.meta.url));

async function loadTruth(dir: string | undefined): Promise<{ track: SimTrack; events: TruthEvent[]; label: string } | null> {
  if (dir) {
    const t = await readSimTruth(dir);
    return { track: t.track, events: t.events, label: dir };
  }
  if (!existsSync(METRICA)) return null;
  const source = parseMetricaEventsCsv(readFileSync(METRICA, 'utf8'));
  return { track: simulateMatch(source, { seed: 1 }), events: toTruthEvents(source), label: 'Sample Game 1, whole match, simulated in memory (seed 1)' };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, record: { type: 'boolean' } } });
  const truth = await loadTruth(values.truth);
  if (!truth) {
    process.stdout.write(`bench:events skipped: no --truth and no ${METRICA}\n`);
    return;
  }
  const { track, events } = truth;
  const built = controlInputFromTrack(track);
  if (!built) throw new Error('the truth track has no ball');
  const t0 = performance.now();
  const control = ballControl(built.input);
  const passes = detectPasses(built.input, control);
  const eventsMs = performance.now() - t0;
  // Passes against the real events, start within 1 s, same team. Like against like: our passes are every
  // ball played from a player (reaching a team-mate, an opponent, or nobody before it went out), so they
  // meet Metrica's PASS (completed), BALL LOST INTERCEPTION (intercepted) and BALL OUT (played out of
  // play); our completed passes meet PASS alone.
  const intercepted = (e: TruthEvent) => e.type === 'ball_lost' && e.provider_subtypes.includes('INTERCEPTION');
  const realPasses = events.filter((e) => e.type === 'pass' || intercepted(e) || e.type === 'ball_out').map((e) => ({ t: e.start_ms, team: e.team }));
  const ourPasses = passes.map((p) => ({ t: track.startMs + p.startFrame * track.frameMs, team: p.team }));
  const pass = scoreEvents(realPasses, ourPasses);
  const realCompleted = events.filter((e) => e.type === 'pass').map((e) => ({ t: e.start_ms, team: e.team }));
  const ourCompleted = passes.filter((p) => p.receiverTeam === p.team).map((p) => ({ t: track.startMs + p.startFrame * track.frameMs, team: p.team }));
  const completed = scoreEvents(realCompleted, ourCompleted);

  // Team possession against the real events' possession chain, over in-play frames where it names a team.
  const real = possessionFromEvents(events.map((e) => ({ ...e, start_ms: e.start_ms - track.startMs, end_ms: e.end_ms - track.startMs })), track.frames, track.frameMs);
  let scored = 0;
  let agree = 0;
  let unknown = 0;
  let inPlay = 0;
  let unknownInPlay = 0;
  for (let f = 0; f < track.frames; f++) {
    if (track.inPlay[f] !== 1) continue;
    inPlay++;
    const ours = control.team[f] as number;
    if (ours < 0) unknownInPlay++;
    const want = real[f] as number;
    if (want < 0) continue;
    scored++;
    if (ours === want) agree++;
    else if (ours < 0) unknown++;
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  report([
    `## bench:events ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:events${values.truth ? ` -- --truth ${values.truth}` : ''}\`. Truth: ${truth.label}; scored against the real Metrica events.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| team possession agreement (in-play frames where the real events name a team) | **${pct(agree, scored)}** (${agree} / ${scored}) | >= 90% |`,
    `| of the disagreements: ours unknown / the other team | ${pct(unknown, scored)} / ${pct(scored - agree - unknown, scored)} | |`,
    `| agreement where both name a team | ${pct(agree, scored - unknown)} | |`,
    `| team possession unknown (share of in-play frames) | ${pct(unknownInPlay, inPlay)} | 5-15% typical |`,
    `| pass F1, every pass vs PASS + BALL LOST INTERCEPTION + BALL OUT (start within 1 s, same team) | **${pass.f1.toFixed(3)}** (P ${pass.precision.toFixed(3)}, R ${pass.recall.toFixed(3)}; real ${realPasses.length}, ours ${ourPasses.length}) | >= 0.90 |`,
    `| completed-pass F1 vs PASS | ${completed.f1.toFixed(3)} (P ${completed.precision.toFixed(3)}, R ${completed.recall.toFixed(3)}; real ${realCompleted.length}, ours ${ourCompleted.length}) | |`,
    `| event stages over ${track.frames} frames (ball control, passes) | ${eventsMs.toFixed(0)} ms | all events < 5 s |`,
  ].join('\n'));
}

runBench(main);

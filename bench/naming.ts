/**
 * `npm run bench:naming -- --truth DIR [--analysis DIR] [--record]`: issue 33's measure of how much
 * naming an analyst has to do. On a rendered fixture's engine output (`bench:engine --run` writes it to
 * `<truth>/engine`): the tracks in the app's list order (GET /analyses/{id}/tracks: seen longest first),
 * how many must be named to cover 90% of the detected player rows; then a script splits and names those
 * tracks from the truth (bench/eval/name-from-truth.ts: every row the evaluator matched to a player given
 * that player's id, in the engine's squad labels) through the same checks as POST .../corrections, and
 * the evaluator's identity accuracy is read again: on the named tracks' rows it must be 100%.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { loadEngineOutput, loadTruth } from './eval/load.js';
import { matchFrames } from './eval/match-detections.js';
import { evaluate, teamMapping } from './eval/metrics.js';
import { columnsFromEngineRows } from './eval/engine-rows-columns.js';
import type { EngineRow } from './eval/eval-types.js';
import { machineDescription, report, runBench } from './machine.js';
import { wholeVideoInput } from './whole-video-input.js';
import { applyCorrections } from '../engine/corrections/apply-corrections.js';
import { trackList } from '../engine/corrections/track-list.js';
import { nameFromTruth } from './eval/name-from-truth.js';
import { nameWithOffers } from './eval/naming-with-offers.js';
import type { AnalysisFacts } from '../engine/results/analysis-facts.js';
import { NO_PLAYER, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns } from '../engine/results/tracking-columns.js';
import { analyseVideo } from '../engine/video/analyse-video.js';

const COVER = 0.9;

/** How much naming the rows of an analysis ask for, in the app's list order (GET .../tracks). */
function coverage(tracking: TrackingColumns) {
  const isPlayerRow = (r: number) => isDetectedStatus(tracking.status[r] as number)
    && (tracking.role[r] === ROLE_PLAYER || tracking.role[r] === ROLE_GOAL_KEEPER);
  let playerRows = 0;
  let namedAlready = 0;
  for (let r = 0; r < tracking.length; r++) {
    if (!isPlayerRow(r)) continue;
    playerRows++;
    if (tracking.player[r] !== NO_PLAYER) namedAlready++;
  }
  const list = trackList(tracking, 40).filter((k) => k.role !== 'referee');
  let covered = 0;
  let needed = 0;
  for (const k of list) {
    if (covered >= COVER * playerRows) break;
    covered += k.detected_rows;
    needed++;
  }
  // Only the tracks without an id need the analyst; how many of the first `needed` those are.
  const unnamedInFirst = list.slice(0, needed).filter((k) => k.player_id === null).length;
  // The app's list of unnamed tracks (longest first): how many to name before 90% of the rows carry an id.
  let withId = namedAlready;
  let unnamedNeeded = 0;
  for (const k of list.filter((x) => x.player_id === null)) {
    if (withId >= COVER * playerRows) break;
    withId += k.detected_rows;
    unnamedNeeded++;
  }
  const suggested = list.filter((k) => k.suggested_player_id !== null).length;
  return { list, playerRows, namedAlready, needed, unnamedInFirst, unnamedNeeded, suggested };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, analysis: { type: 'string' }, video: { type: 'string' }, record: { type: 'boolean' } } });
  if (values.video) return realClip(values.video);
  if (!values.truth) {
    process.stderr.write('usage: npm run bench:naming -- (--truth DIR [--analysis DIR] | --video FILE) [--record]\n');
    process.exit(2);
  }
  const dir = values.analysis ?? join(values.truth, 'engine');
  const truth = await loadTruth(values.truth);
  const engine = await loadEngineOutput(dir);
  const width = truth.frames?.find((f) => f.camera)?.camera?.width ?? null;
  const matched = matchFrames(truth.sim.track, truth.frames, engine, width);
  const toTruthTeam = teamMapping(matched.frames);
  const toEngineTeam = (t: 0 | 1) => (toTruthTeam(0) === t ? 0 : 1);

  // The columns the service would hold, and each engine row's index in them (same order).
  const columns = columnsFromEngineRows(engine.rows);
  const rowIndex = new Map<EngineRow, number>(engine.rows.map((r, i) => [r, i]));
  const facts = { duration_ms: columns.timestamp[columns.length - 1] as number + 40, frame_ms: 40, players: [] } as unknown as AnalysisFacts;
  const base = applyCorrections({ tracking: columns, events: [], facts }, []);

  // Each row's truth player (officials carry no id), in the engine's squad labels.
  const truthOf: (string | null)[] = new Array(columns.length).fill(null);
  const matchedRow = new Uint8Array(columns.length);
  for (const fr of matched.frames) {
    for (const [i, j] of fr.pairs) {
      const p = fr.truth[i]!;
      const r = rowIndex.get(fr.engine[j]!) as number;
      matchedRow[r] = 1;
      if (p.role !== 'referee' && p.team !== null && p.jersey !== null) truthOf[r] = `${toEngineTeam(p.team)}-${p.jersey}`;
    }
  }

  const { list, playerRows, namedAlready, needed, unnamedInFirst, unnamedNeeded } = coverage(base.tracking);

  // The script: those tracks named from the truth through the service's checks (bench/eval/name-from-truth.ts).
  const { now, applied, refused, splits, corrected } = nameFromTruth(
    { tracking: columns, events: [], facts }, list.slice(0, needed).map((k) => k.track_id), truthOf, matchedRow,
  );
  const correctedRows: EngineRow[] = engine.rows.map((r, i) => {
    const p = now.tracking.player[i] as number;
    return { ...r, player_id: p === NO_PLAYER ? null : (now.tracking.players[p] as string) };
  });
  const idOf = (ms: typeof engine) => evaluate(truth, ms).find((m) => m.name === 'identity: rows with the correct player_id')?.value ?? null;
  const before = idOf(engine);
  const after = idOf({ ...engine, rows: correctedRows });
  // Identity on the named tracks' rows, scored as the evaluator scores it (its team mapping; GK by role).
  const correctedBy = new Map(engine.rows.map((r, i) => [r, correctedRows[i] as EngineRow]));
  let right = 0;
  let total = 0;
  for (const fr of matched.frames) {
    for (const [i, j] of fr.pairs) {
      const p = fr.truth[i]!;
      if (p.role === 'referee') continue;
      const r = fr.engine[j]!;
      if (!corrected.has(now.tracking.track[rowIndex.get(r) as number] as number)) continue;
      total++;
      const id = correctedBy.get(r)?.player_id ?? null;
      const mapped = id ? `${toTruthTeam(Number(id[0]) as 0 | 1)}-${id.slice(2)}` : null;
      if (mapped === p.id || (p.role === 'goal_keeper' && mapped === `${p.team}-GK`)) right++;
    }
  }
  // As on real footage, where the engine reads few shirts: its ids forgotten, the analyst names the
  // tracks from the truth (each track's most matched player) in the list's order, taking offered names.
  const bare = columnsFromEngineRows(engine.rows.map((r) => ({ ...r, player_id: null })));
  const bareTruth = new Map<number, string>();
  {
    const votes = new Map<number, Map<string, number>>();
    for (let r = 0; r < bare.length; r++) {
      const name = truthOf[r];
      if (!name) continue;
      const t = bare.track[r] as number;
      const v = votes.get(t) ?? new Map<string, number>();
      v.set(name, (v.get(name) ?? 0) + 1);
      votes.set(t, v);
    }
    for (const [t, v] of votes) bareTruth.set(t, [...v].sort((x, y) => y[1] - x[1])[0]![0]);
  }
  const bareCoverage = coverage(applyCorrections({ tracking: bare, events: [], facts }, []).tracking);
  const offered = nameWithOffers(
    { tracking: bare, events: [], facts },
    (k) => bareTruth.get(k.track_id) ?? null,
    (k, name) => bareTruth.get(k.track_id) === name,
  );
  const pct = (x: number | null) => (x === null ? '-' : `${(x * 100).toFixed(1)}%`);
  report([
    `## bench:naming ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:naming -- --truth ${values.truth}${values.analysis ? ` --analysis ${values.analysis}` : ''}\`. Engine output: ${dir}.`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| tracks (players and goalkeepers) / detected player rows | ${list.length} / ${playerRows.toLocaleString('en')} | - |`,
    `| rows the engine named itself | ${pct(namedAlready / playerRows)} | - |`,
    `| unnamed tracks to name, in the app's list order, before ${COVER * 100}% of the player rows carry an id | **${unnamedNeeded}** | fewer is better |`,
    `| tracks to review (named or not), longest first, to cover ${COVER * 100}% of the player rows | **${needed}** (${unnamedInFirst} of them without an id) | fewer is better |`,
    `| the script's corrections: splits and others (names, unnamings, squads) / refused by the checks | ${splits} and ${applied.length - splits} / ${refused} | - |`,
    `| identity: rows with the correct player_id, before / after | ${pct(before)} / ${pct(after)} | - |`,
    `| identity on the named tracks' matched rows | **${pct(total ? right / total : null)}** (${right} of ${total}) | 100% |`,
    `| the engine's ids forgotten (as on real footage): unnamed tracks to name before ${COVER * 100}% of the player rows carry an id, without offers | **${bareCoverage.unnamedNeeded}** | fewer is better |`,
    `| the same, with the names the list offers: names typed / right offers taken / wrong offers declined | **${offered.typed}** / ${offered.accepted} / ${offered.declined} | fewer is better |`,
    '',
  ].join('\n'));
}


/** A real clip (no truth): the video engine runs on it, and the naming it asks for is counted. */
async function realClip(path: string): Promise<void> {
  const { input } = await wholeVideoInput(path);
  const result = await analyseVideo(input, () => {});
  const facts = { duration_ms: result.durationMs, frame_ms: 40, players: [] } as unknown as AnalysisFacts;
  const c = coverage(applyCorrections({ tracking: result.columns, events: [], facts }, []).tracking);
  // No truth: each typed name is a new player of the track's squad; the offers taken cannot be checked.
  const next = [0, 0];
  const offered = nameWithOffers({ tracking: result.columns, events: [], facts }, (k) => {
    if (k.team === null) return null;
    const team = k.team === 'team_0' ? 0 : 1;
    next[team] = (next[team] as number) + 1;
    return `${team}-${100 + (next[team] as number)}`;
  }, null);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  report([
    `## bench:naming ${new Date().toISOString().slice(0, 10)} (real clip)`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:naming -- --video ${path}\` (the video engine on the whole clip, ${result.frames} frames).`,
    '',
    '| measure | value | target |',
    '|---|---|---|',
    `| tracks (players and goalkeepers) / detected player rows | ${c.list.length} / ${c.playerRows.toLocaleString('en')} | - |`,
    `| rows the engine named itself | ${pct(c.namedAlready / Math.max(1, c.playerRows))} | - |`,
    `| unnamed tracks to name, in the app's list order, before ${COVER * 100}% of the player rows carry an id | **${c.unnamedNeeded}** | fewer is better |`,
    `| of the unnamed tracks, offered an id by stitching | ${c.suggested} | - |`,
    `| the same, taking the names the list offers as they come: names typed / offers taken (unchecked: no truth) | **${offered.typed}** / ${offered.accepted} | fewer is better |`,
    `| tracks to review (named or not), longest first, to cover ${COVER * 100}% of the player rows | **${c.needed}** (${c.unnamedInFirst} of them without an id) | fewer is better |`,
    '',
  ].join('\n'));
}

runBench(main);

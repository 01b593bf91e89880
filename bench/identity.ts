/**
 * `npm run bench:identity -- --truth DIR --analysis DIR [--no-stitch] [--rows FILE] [--record]`: identity resolution
 * replayed over a video engine run of a rendered fixture (`bench:engine -- --truth DIR --run` keeps what
 * it needs: every shirt reading in `shirts.ndjson`, each track's squad, span and ends in
 * `track-ends.json`), so its rules are measured in seconds instead of a ten-minute engine run. Prints
 * how right the reader is on the engine's own crops by confidence, how many tracks got a number, and
 * the identity metrics of bench:engine (rows with the right and a wrong player_id, GS-HOTA, distances).
 * `--rows FILE` writes the rows with the replayed ids (ndjson), for diagnosis.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NumberVotes } from '../engine/vision/identity/number-votes.js';
import type { JerseyReading } from '../engine/vision/identity/jersey-reader.js';
import type { TrackEnds } from '../engine/vision/identity/stitch-tracks.js';
import { tracksInSquadDoubt, withoutDoubtfulSquads } from '../engine/vision/identity/squad-doubt.js';
import { rowCarriesId, trackIdentities } from '../engine/vision/identity/track-identities.js';
import type { FrameTruth, ObjectTruth } from '../engine/match-data/frame-truth.js';
import { loadEngineOutput, loadTruth } from './eval/load.js';
import { evaluate } from './eval/metrics.js';
import { formatTable } from './eval/format-table.js';
import { machineDescription, report, runBench } from './machine.js';

interface LoggedReading { t_ms: number; track: number; box: [number, number, number, number]; reading: JerseyReading }

/** The truth person whose box foot lies nearest a reading's box foot (within 3% of the width). */
function truthPerson(frame: FrameTruth | undefined, box: readonly number[]): ObjectTruth | null {
  if (!frame) return null;
  const width = frame.camera?.width ?? 1280;
  let best: ObjectTruth | null = null;
  let bestD = 0.03 * width;
  for (const o of frame.objects) {
    if (o.role === 'ball' || !o.box) continue;
    const d = Math.abs((o.box[0] + o.box[2]) / 2 - ((box[0] as number) + (box[2] as number)) / 2) + Math.abs(o.box[3] - (box[3] as number));
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, analysis: { type: 'string' }, 'no-stitch': { type: 'boolean' }, record: { type: 'boolean' }, rows: { type: 'string' } } });
  if (!values.truth || !values.analysis) {
    process.stderr.write('usage: npm run bench:identity -- --truth DIR --analysis DIR [--no-stitch] [--record]\n');
    process.exit(2);
  }
  const truth = await loadTruth(values.truth);
  const engine = await loadEngineOutput(values.analysis);
  const readings = (await readFile(join(values.analysis, 'shirts.ndjson'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as LoggedReading);
  const ends = JSON.parse(await readFile(join(values.analysis, 'track-ends.json'), 'utf8')) as TrackEnds[];

  // The reader on the engine's own crops, by confidence.
  const frameAt = new Map((truth.frames ?? []).map((f) => [f.t_ms, f]));
  const buckets = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.01];
  const byConf = buckets.slice(0, -1).map(() => ({ right: 0, wrong: 0 }));
  let abstained = 0;
  let matched = 0;
  for (const r of readings) {
    const person = truthPerson(frameAt.get(r.t_ms), r.box);
    if (!person) continue;
    matched++;
    if (r.reading.number === null) {
      abstained++;
      continue;
    }
    const k = buckets.findIndex((b, i) => r.reading.confidence >= b && r.reading.confidence < (buckets[i + 1] as number));
    const bucket = byConf[Math.max(0, k)] as { right: number; wrong: number };
    if (person.jersey === r.reading.number) bucket.right++;
    else bucket.wrong++;
  }

  // BENCH_VOTES (JSON: minVotes, minShare, minConfidence) tries another vote rule.
  const votes = new NumberVotes(process.env.BENCH_VOTES ? JSON.parse(process.env.BENCH_VOTES) : {});
  // The engine's clock is the video's (frame 0 = 0 ms); the logged times and spans carry the truth's offset.
  const offset = truth.frames?.[0]?.t_ms ?? 0;
  for (const r of readings) votes.add(r.track, r.reading);
  // Squad doubt as the engine decides it, from the rows' own squads (their labels are the engine's).
  const people = engine.rows.filter((r) => r.role !== 'ball' && r.track_id);
  const teamOf = new Map(ends.map((e) => [e.track, e.team]));
  const doubtful = tracksInSquadDoubt(people.map((r) => Number((r.track_id as string).slice(1))),
    (n) => { const r = people[n] as (typeof people)[number]; return r.role === 'referee' ? null : ((r.team ?? null) as 0 | 1 | null); },
    (t) => teamOf.get(t) ?? null);
  const ids = trackIdentities(withoutDoubtfulSquads(ends, doubtful), votes, { startMs: offset, frameMs: 40 }, { stitch: !values['no-stitch'] });
  // The rows as the engine writes them: a row carries its track's id where its own squad is the id's.
  for (const row of engine.rows) {
    if (row.role === 'ball' || !row.track_id) continue;
    const id = ids.get(Number(row.track_id.slice(1)));
    row.player_id = rowCarriesId(id, { role: row.role, team: row.team ?? null }) ? id.playerId : null;
  }
  if (values.rows) await writeFile(values.rows, `${engine.rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  const metrics = evaluate(truth, engine).filter((m) => /identity|GS-HOTA|HOTA|physical/.test(m.name));
  const named = ends.filter((t) => ids.has(t.track));
  const lines = [
    `## bench:identity ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`${process.env.BENCH_VOTES ? `BENCH_VOTES='${process.env.BENCH_VOTES}' ` : ''}npm run bench:identity -- --truth ${values.truth} --analysis ${values.analysis}${values['no-stitch'] ? ' --no-stitch' : ''}\` (identity resolution replayed over the engine run's shirt readings and tracks).`,
    '',
    `Shirt readings: ${readings.length} crops read, ${matched} on a true person, ${abstained} abstained.`,
    '',
    '| reading confidence | right | wrong | right share |',
    '|---|---|---|---|',
    ...byConf.map((b, i) => `| ${buckets[i]}-${Math.min(1, buckets[i + 1] as number)} | ${b.right} | ${b.wrong} | ${b.right + b.wrong ? ((100 * b.right) / (b.right + b.wrong)).toFixed(1) : '-'}% |`),
    '',
    `Tracks: ${ends.length} labelled, ${named.length} given a player id (${new Set([...ids.values()].map((i) => i.playerId)).size} distinct ids).`,
    '',
    '| metric | value |',
    '|---|---|',
    ...formatTable(metrics).split('\n').map((l) => `| ${l.replace(/\s{2,}/, ' | ').replace(/\s{2,}/g, ' ')} |`),
  ];
  report(lines.join('\n'));
}

runBench(main);

import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseMetricaEventsCsv } from '../../engine/sim/events/metrica-csv.js';
import { parseMetricaEventsJson } from '../../engine/sim/events/metrica-json.js';
import type { MatchSource } from '../../engine/sim/events/match-events.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../engine/sim/events/match-events.js';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { toTruthEvents } from '../../engine/sim/truth-events.js';
import { TRUTH_FORMAT, TRUTH_VERSION, writeSimTruth } from '../../engine/io/sim-truth.js';
import { CliError } from './cli-error.js';
import { parseClock } from './time-arg.js';

export const SIM_USAGE = 'touchline sim --events FILE [--metadata XML] [--from 10:00] [--duration 60s] [--seed N] --out DIR';

async function loadSource(file: string, metadata: string | undefined): Promise<{ source: MatchSource; format: string }> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new CliError(`cannot read --events file ${file}`);
  });
  try {
    if (text.trimStart().startsWith('{')) {
      const xml = metadata ? await readFile(metadata, 'utf8') : undefined;
      return { source: parseMetricaEventsJson(text, xml), format: 'metrica-json' };
    }
    return { source: parseMetricaEventsCsv(text), format: 'metrica-csv' };
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`${file}: ${(e as Error).message}`);
  }
}

/** `touchline sim`: real events -> simulated truth (positions, ball, events) in a directory. */
export async function simCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string' }, metadata: { type: 'string' }, from: { type: 'string' },
      duration: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' },
    },
    strict: true,
  });
  if (!values.events || !values.out) throw new CliError(`usage: ${SIM_USAGE}`);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new CliError(`--seed must be a non-negative integer, got '${values.seed}'`);
  const clock = (v: string | undefined, name: string) => {
    try {
      return v === undefined ? undefined : parseClock(v, name);
    } catch (e) {
      throw new CliError((e as Error).message);
    }
  };
  const fromMs = clock(values.from, 'from');
  const durationMs = clock(values.duration, 'duration');
  const { source, format } = await loadSource(values.events, values.metadata);
  const started = performance.now();
  const track = simulateMatch(source, { seed, fromMs, durationMs });
  const events = toTruthEvents(source, track.startMs, track.startMs + track.frames * track.frameMs);
  const dir = resolve(values.out);
  await writeSimTruth(dir, {
    meta: {
      format: TRUTH_FORMAT, version: TRUTH_VERSION, seed, source: { file: basename(values.events), format },
      start_ms: track.startMs, frame_ms: track.frameMs, frames: track.frames,
      pitch: { length_m: PITCH_LENGTH, width_m: PITCH_WIDTH }, periods: source.periods, objects: track.objects,
    },
    track,
    events,
  });
  out(`simulated ${(track.frames * track.frameMs / 1000).toFixed(1)} s (${track.frames} frames, ${track.objects.length} objects, ${events.length} events) in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${dir}`);
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { toTruthEvents } from '../../engine/sim/truth-events.js';
import { TRUTH_FORMAT, TRUTH_VERSION, writeSimTruth } from '../../engine/io/sim-truth.js';
import { sampleMinute } from './synthetic-match.js';

/**
 * A small simulator truth directory (about a minute of the synthetic match) for import tests: real
 * simulator output, so every result endpoint sees realistic rows, with events we wrote by hand.
 */
export async function writeSampleTruth(dir = mkdtempSync(join(tmpdir(), 'truth-')), seed = 5): Promise<string> {
  const source = sampleMinute();
  const track = simulateMatch(source, { seed });
  const events = toTruthEvents(source, track.startMs, track.startMs + track.frames * track.frameMs);
  await writeSimTruth(dir, {
    meta: {
      format: TRUTH_FORMAT, version: TRUTH_VERSION, seed, source: { file: 'sample-minute', format: 'synthetic' },
      start_ms: track.startMs, frame_ms: track.frameMs, frames: track.frames,
      pitch: { length_m: 105, width_m: 68 }, periods: source.periods, objects: track.objects,
    },
    track,
    events,
  });
  return dir;
}

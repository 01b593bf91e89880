import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SimObject, SimTrack } from '../match-data/sim-track.js';
import { toTruthEvents, type TruthEvent } from '../match-data/truth-events.js';
import { PITCH_LENGTH, PITCH_WIDTH, type MatchSource, type Period } from '../match-data/match-events.js';

export const TRUTH_FORMAT = 'touchline-sim-truth';
export const TRUTH_VERSION = 1;

/** `meta.json` of a truth directory (docs/sim-truth-format.md describes every file). */
export interface TruthMeta {
  format: typeof TRUTH_FORMAT;
  version: number;
  seed: number;
  source: { file: string; format: string };
  start_ms: number;
  frame_ms: number;
  frames: number;
  pitch: { length_m: number; width_m: number };
  periods: Period[];
  objects: SimObject[];
}

export interface SimTruth {
  meta: TruthMeta;
  track: SimTrack;
  events: TruthEvent[];
}

/**
 * The truth of one simulated stretch: its track, the provider's events that start within it, and the
 * meta that describes them (what `touchline sim`, the demo, the benches and test fixtures write).
 */
export function simTruth(source: MatchSource, track: SimTrack, origin: { seed: number; file: string; format: string }): SimTruth {
  return {
    meta: {
      format: TRUTH_FORMAT, version: TRUTH_VERSION, seed: origin.seed, source: { file: origin.file, format: origin.format },
      start_ms: track.startMs, frame_ms: track.frameMs, frames: track.frames,
      pitch: { length_m: PITCH_LENGTH, width_m: PITCH_WIDTH }, periods: source.periods, objects: track.objects,
    },
    track,
    events: toTruthEvents(source, track.startMs, track.startMs + track.frames * track.frameMs),
  };
}

const POSSESSION_NONE = 255;

export async function writeSimTruth(dir: string, truth: SimTruth): Promise<void> {
  await mkdir(dir, { recursive: true });
  const { track } = truth;
  const n = track.objects.length;
  const positions = new Float32Array(track.frames * n * 2);
  for (let i = 0; i < track.frames * n; i++) {
    positions[2 * i] = track.x[i] as number;
    positions[2 * i + 1] = track.y[i] as number;
  }
  const state = new Uint8Array(track.frames * 3);
  for (let f = 0; f < track.frames; f++) {
    state[3 * f] = track.inPlay[f] as number;
    const p = track.possession[f] as number;
    state[3 * f + 1] = p < 0 ? POSSESSION_NONE : p;
    state[3 * f + 2] = track.period[f] as number;
  }
  await Promise.all([
    writeFile(join(dir, 'meta.json'), `${JSON.stringify(truth.meta, null, 2)}\n`),
    writeFile(join(dir, 'events.json'), `${JSON.stringify(truth.events, null, 1)}\n`),
    writeFile(join(dir, 'positions.f32'), littleEndian(positions)),
    writeFile(join(dir, 'ball-height.f32'), littleEndian(track.ballZ)),
    writeFile(join(dir, 'frame-state.u8'), state),
  ]);
}

export async function readSimTruth(dir: string): Promise<SimTruth> {
  const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as TruthMeta;
  if (meta.format !== TRUTH_FORMAT) throw new Error(`${dir} is not a simulator truth directory (meta.json format '${String(meta.format)}')`);
  if (meta.version > TRUTH_VERSION) throw new Error(`truth format version ${meta.version} is newer than this build reads (${TRUTH_VERSION})`);
  const n = meta.objects.length;
  const positions = fromLittleEndian(await readFile(join(dir, 'positions.f32')));
  const ballZ = fromLittleEndian(await readFile(join(dir, 'ball-height.f32')));
  const state = new Uint8Array(await readFile(join(dir, 'frame-state.u8')));
  if (positions.length !== meta.frames * n * 2 || ballZ.length !== meta.frames || state.length !== meta.frames * 3) {
    throw new Error(`truth files in ${dir} do not match meta.json (${meta.frames} frames x ${n} objects)`);
  }
  const x = new Float32Array(meta.frames * n);
  const y = new Float32Array(meta.frames * n);
  for (let i = 0; i < meta.frames * n; i++) {
    x[i] = positions[2 * i] as number;
    y[i] = positions[2 * i + 1] as number;
  }
  const inPlay = new Uint8Array(meta.frames);
  const possession = new Int8Array(meta.frames);
  const period = new Uint8Array(meta.frames);
  for (let f = 0; f < meta.frames; f++) {
    inPlay[f] = state[3 * f] as number;
    const p = state[3 * f + 1] as number;
    possession[f] = p === POSSESSION_NONE ? -1 : p;
    period[f] = state[3 * f + 2] as number;
  }
  const events = JSON.parse(await readFile(join(dir, 'events.json'), 'utf8')) as TruthEvent[];
  return {
    meta,
    events,
    track: { startMs: meta.start_ms, frameMs: meta.frame_ms, frames: meta.frames, objects: meta.objects, x, y, ballZ, inPlay, possession, period },
  };
}

/** Float32 data as little-endian bytes, whatever the machine's byte order. */
function littleEndian(data: Float32Array): Buffer {
  const buf = Buffer.alloc(data.length * 4);
  for (let i = 0; i < data.length; i++) buf.writeFloatLE(data[i] as number, i * 4);
  return buf;
}

function fromLittleEndian(buf: Buffer): Float32Array {
  const out = new Float32Array(buf.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = buf.readFloatLE(i * 4);
  return out;
}

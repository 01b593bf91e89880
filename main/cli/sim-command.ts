import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseMetricaEventsCsv, parseMetricaEventsJson, type MatchSource, simulateMatch, simTruth, writeSimTruth, renderTruthVideo, CAMERA_KINDS, type CameraKind } from '../../engine/api.js';
import { CliError } from './cli-error.js';
import { parseClock } from './time-arg.js';

export const SIM_USAGE = 'touchline sim --events FILE [--metadata XML] [--from 10:00] [--duration 60s] [--seed N] [--camera broadcast|tactical|panoramic|side] [--size 720p|1080p|WxH] [--distortion K1] [--no-cuts] [--truth-only] --out DIR';

const SIZES: Record<string, [number, number]> = { '720p': [1280, 720], '1080p': [1920, 1080], '540p': [960, 540] };

export function parseSize(text: string): [number, number] {
  const named = SIZES[text];
  if (named) return named;
  const m = /^(\d{2,4})x(\d{2,4})$/.exec(text);
  if (!m || Number(m[1]) % 2 || Number(m[2]) % 2) throw new CliError(`--size must be 720p, 1080p, 540p or an even WIDTHxHEIGHT; got '${text}'`);
  return [Number(m[1]), Number(m[2])];
}

export async function loadSource(file: string, metadata: string | undefined): Promise<{ source: MatchSource; format: string }> {
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
      camera: { type: 'string' }, size: { type: 'string' }, distortion: { type: 'string' },
      'no-cuts': { type: 'boolean' }, 'truth-only': { type: 'boolean' }, json: { type: 'boolean' },
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
  const camera = (values.camera ?? 'broadcast') as CameraKind;
  if (!CAMERA_KINDS.includes(camera)) throw new CliError(`--camera must be ${CAMERA_KINDS.join(', ')}; got '${values.camera}'`);
  const [width, height] = parseSize(values.size ?? '720p');
  const k1 = values.distortion === undefined ? 0 : Number(values.distortion);
  if (!Number.isFinite(k1) || Math.abs(k1) > 0.5) throw new CliError(`--distortion must be a number between -0.5 and 0.5; got '${values.distortion}'`);
  const { source, format } = await loadSource(values.events, values.metadata);
  const started = performance.now();
  const track = simulateMatch(source, { seed, fromMs, durationMs });
  const dir = resolve(values.out);
  const truth = simTruth(source, track, { seed, file: basename(values.events), format });
  const { events } = truth;
  await writeSimTruth(dir, truth);
  const simulated = { out: dir, seconds: (track.frames * track.frameMs) / 1000, frames: track.frames, objects: track.objects.length, events: events.length };
  if (values.json && values['truth-only']) return out(JSON.stringify(simulated));
  if (!values.json) out(`simulated ${(track.frames * track.frameMs / 1000).toFixed(1)} s (${track.frames} frames, ${track.objects.length} objects, ${events.length} events) in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${dir}`);
  if (values['truth-only']) return;
  const result = await renderTruthVideo(dir, truth, { camera, width, height, seed, k1, cuts: !values['no-cuts'] });
  if (values.json) {
    return out(JSON.stringify({ ...simulated, video: join(dir, 'video.mp4'), camera, width, height, analysable_frames: result.analysableFrames, render_fps: Math.round(result.fps * 10) / 10 }));
  }
  out(`rendered ${result.frames} frames (${camera}, ${width}x${height}, ${result.analysableFrames} analysable) in ${result.seconds.toFixed(1)} s: ${result.fps.toFixed(1)} frames/s -> ${join(dir, 'video.mp4')}`);
}

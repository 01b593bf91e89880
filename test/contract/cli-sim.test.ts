import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLI } from '../helpers/cli-process.js';
import { readSimTruth } from '../../engine/io/sim-truth.js';
import { hasSharedData, METRICA_GAME_1 } from '../helpers/shared-data.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'cli-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CSV = `Team,Type,Subtype,Period,Start Frame,Start Time [s],End Frame,End Time [s],From,To,Start X,Start Y,End X,End Y
Home,SET PIECE,KICK OFF,1,1,0.04,0,0,Player9,,NaN,NaN,NaN,NaN
Home,PASS,,1,1,0.04,40,1.6,Player9,Player8,0.5,0.5,0.4,0.45
Home,PASS,,1,100,4,150,6,Player8,Player7,0.4,0.45,0.6,0.1
Away,RECOVERY,INTERCEPTION,1,400,16,400,16,Player15,,0.7,0.2,NaN,NaN
`;

describe('touchline sim', () => {
  it('writes a truth directory from a Metrica CSV', async () => {
    const events = join(dir, 'events.csv');
    writeFileSync(events, CSV);
    const { stdout } = await run(process.execPath, [CLI, 'sim', '--events', events, '--duration', '10s', '--seed', '3', '--truth-only', '--out', join(dir, 'out')]);
    expect(stdout).toMatch(/simulated 10.0 s \(250 frames/);
    const truth = await readSimTruth(join(dir, 'out'));
    expect(truth.meta).toMatchObject({ seed: 3, frames: 250, source: { file: 'events.csv', format: 'metrica-csv' } });
    expect(truth.events.map((e) => e.type)).toEqual(['set_piece', 'pass', 'pass']);
  });

  it('explains bad arguments with exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['sim'], /usage: touchline sim/],
      [['sim', '--events', '/nope.csv', '--out', dir], /cannot read --events file/],
      [['sim', '--events', join(dir, 'events.csv'), '--out', dir, '--from', 'soon'], /--from must look like/],
      [['sim', '--events', join(dir, 'events.csv'), '--out', dir, '--seed=-1'], /--seed must be a non-negative integer/],
    ];
    for (const [args, message] of cases) {
      const err = await run(process.execPath, [CLI, ...args]).then(() => null, (e: { code: number; stderr: string }) => e);
      expect(err?.code, args.join(' ')).toBe(2);
      expect(err?.stderr, args.join(' ')).toMatch(message);
    }
  });

  it.skipIf(!hasSharedData(METRICA_GAME_1))('simulates a minute of the real match from 10:00', async () => {
    const out = join(dir, 'real');
    await run(process.execPath, [CLI, 'sim', '--events', METRICA_GAME_1, '--from', '10:00', '--duration', '60s', '--seed', '7', '--truth-only', '--out', out]);
    const truth = await readSimTruth(out);
    expect(truth.track.startMs).toBe(600_000);
    expect(truth.track.frames).toBe(1500);
    expect(truth.events.every((e) => e.start_ms >= 600_000 && e.start_ms < 660_000)).toBe(true);
    expect(truth.events.length).toBeGreaterThan(10);
  });
});

describe('touchline sim rendering', () => {
  it('renders an H.264 MP4 at 25 FPS with one truth line per frame', async () => {
    const events = join(dir, 'events.csv');
    writeFileSync(events, CSV);
    const out = join(dir, 'video');
    const { stdout } = await run(process.execPath, [CLI, 'sim', '--events', events, '--duration', '3s', '--size', '640x360', '--seed', '2', '--out', out]);
    expect(stdout).toMatch(/rendered 75 frames \(broadcast, 640x360/);
    const { probeVideo } = await import('../../engine/io/probe.js');
    const probe = await probeVideo(join(out, 'video.mp4'));
    expect(probe).toMatchObject({ video_codec: 'h264', width: 640, height: 360, fps: 25 });
    expect(probe.frame_count).toBe(75);
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(join(out, 'frames.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(75);
    expect(lines[0]).toMatchObject({ frame: 0, scene: 'live', analysable: true });
    expect(lines[0].homography).toHaveLength(9);
    expect(lines[0].objects.length).toBe(25);
  });

  it('refuses an unknown camera or size', async () => {
    for (const [flag, value, message] of [['--camera', 'drone', /--camera must be broadcast, tactical, panoramic/], ['--size', '4k', /--size must be/]] as const) {
      const err = await run(process.execPath, [CLI, 'sim', '--events', join(dir, 'events.csv'), '--out', dir, flag, value]).then(() => null, (e: { code: number; stderr: string }) => e);
      expect(err?.code).toBe(2);
      expect(err?.stderr).toMatch(message);
    }
  });
});

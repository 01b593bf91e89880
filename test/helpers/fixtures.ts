import { existsSync, mkdirSync, writeFileSync, renameSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { ffmpegPath } from '../../engine/io/ffmpeg-binaries.js';

export const FIXTURES = join(fileURLToPath(new URL('../fixtures/.generated', import.meta.url)));

/** Test videos, generated from ffmpeg's lavfi sources on first use (never committed). */
export const fixture = {
  clip: join(FIXTURES, 'clip-4s-320x180-25fps.mp4'),
  mkv30: join(FIXTURES, 'clip-3s-30fps.mkv'),
  mov1440: join(FIXTURES, 'clip-1s-2560x1440.mov'),
  big: join(FIXTURES, 'clip-12s-high-bitrate.mp4'),
  truncatedFaststart: join(FIXTURES, 'truncated-faststart.mp4'),
  truncatedNoIndex: join(FIXTURES, 'truncated-no-index.mp4'),
  audioOnly: join(FIXTURES, 'tone.m4a'),
  text: join(FIXTURES, 'not-a-video.mp4'),
};

function ffmpeg(args: string[]): void {
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
}

function make(path: string, build: (tmp: string) => void): void {
  if (existsSync(path)) return;
  const tmp = `${path}.tmp${path.slice(path.lastIndexOf('.'))}`;
  build(tmp);
  renameSync(tmp, path);
}

export function generateFixtures(): void {
  mkdirSync(FIXTURES, { recursive: true });
  const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  make(fixture.clip, (t) => ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '4', ...x264, '-movflags', '+faststart', t]));
  make(fixture.mkv30, (t) => ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-t', '3', ...x264, t]));
  make(fixture.mov1440, (t) => ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=2560x1440:rate=25', '-t', '1', ...x264, t]));
  // About 3 MB: big enough to interrupt a throttled download in the middle.
  make(fixture.big, (t) => ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-t', '12', ...x264, '-b:v', '2M', '-maxrate', '2M', '-bufsize', '1M', '-movflags', '+faststart', t]));
  // Index at the front: headers survive truncation, the pictures do not.
  make(fixture.truncatedFaststart, (t) => {
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '8', ...x264, '-movflags', '+faststart', t]);
    truncateSync(t, Math.floor(statSync(t).size * 0.4));
  });
  // Index at the end: truncation loses it, ffprobe cannot read the file at all.
  make(fixture.truncatedNoIndex, (t) => {
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-t', '4', ...x264, t]);
    truncateSync(t, Math.floor(statSync(t).size * 0.6));
  });
  make(fixture.audioOnly, (t) => ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', t]));
  make(fixture.text, (t) => writeFileSync(t, 'this is not a video, just text with an .mp4 name\n'.repeat(200)));
}

/**
 * `npm run sheet:preview -- [--out FILE]`: the kit preview on every real clip in ../shared/data/clips,
 * as a contact sheet (a frame of the clip, then each kit's swatch, colour names and crops) for a person
 * to judge, plus a table of the names beside the kits the hand annotations give (measured, never tuned
 * on). Default output /tmp/touchline-preview-sheet.png, outside the repository.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { ffmpegPath } from '../engine/io/ffmpeg-binaries.js';
import { probeVideo } from '../engine/io/probe.js';
import { previewPass, type PreviewTeam } from '../engine/video/preview-pass.js';
import { hexColour } from '../engine/vision/teams/colour-names.js';
import { runBench } from './machine.js';

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
const THUMB_W = 400;
const THUMB_H = 225;
const PANEL_W = 420;
const ROW_H = THUMB_H + 20;

/** Kit names per clip from the hand annotations (`team:<kit colour>` kinds), when present. */
function annotatedKits(): Map<string, string[]> {
  const file = join(DATA, 'annotations', 'real-frames.json');
  const out = new Map<string, string[]>();
  if (!existsSync(file)) return out;
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { frames: { clip: string; people: { kind: string }[] }[] };
  for (const f of doc.frames) {
    const kits = new Set(out.get(f.clip) ?? []);
    for (const p of f.people) if (p.kind.startsWith('team:')) kits.add(p.kind.slice(5));
    if (kits.size) out.set(f.clip, [...kits].sort());
  }
  return out;
}

async function drawTeam(ctx: SKRSContext2D, team: PreviewTeam, x: number, y: number): Promise<void> {
  const hex = (c: readonly number[] | null) => (c ? hexColour(c[0] as number, c[1] as number, c[2] as number) : '#dddddd');
  ctx.fillStyle = '#111';
  ctx.font = 'bold 15px sans-serif';
  ctx.fillText(`${team.key}: ${team.swatch.primary}`, x, y + 16);
  ctx.font = '12px sans-serif';
  ctx.fillText(team.swatch.description, x, y + 34);
  // Shirt and shorts as measured.
  ctx.fillStyle = hex(team.colours.shirt);
  ctx.fillRect(x, y + 44, 46, 40);
  ctx.fillStyle = hex(team.colours.shorts);
  ctx.fillRect(x + 6, y + 86, 34, 22);
  ctx.strokeStyle = '#333';
  ctx.strokeRect(x, y + 44, 46, 40);
  ctx.strokeRect(x + 6, y + 86, 34, 22);
  let cx = x + 60;
  for (const jpeg of team.crops) {
    const img = await loadImage(jpeg);
    const h = 150;
    const w = Math.round((img.width / img.height) * h);
    ctx.drawImage(img, cx, y + 44, w, h);
    cx += w + 6;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: '/tmp/touchline-preview-sheet.png' } } });
  const clipsDir = join(DATA, 'clips');
  if (!existsSync(clipsDir)) {
    process.stdout.write('sheet:preview skipped: ../shared/data/clips not found\n');
    return;
  }
  const clips = readdirSync(clipsDir).filter((f) => f.endsWith('.mp4')).sort();
  const truth = annotatedKits();
  const sheet = createCanvas(THUMB_W + 2 * PANEL_W + 30, ROW_H * clips.length + 10);
  const ctx = sheet.getContext('2d');
  ctx.fillStyle = '#f4f5f7';
  ctx.fillRect(0, 0, sheet.width, sheet.height);
  const lines = ['| clip | kits (annotations) | preview team_a | preview team_b | seconds |', '|---|---|---|---|---|'];
  for (const [row, clip] of clips.entries()) {
    const path = join(clipsDir, clip);
    const probe = await probeVideo(path);
    const result = await previewPass(path, probe.duration_seconds, { source: { width: probe.width, height: probe.height } });
    const y = 10 + row * ROW_H;
    const thumb = execFileSync(ffmpegPath(), ['-v', 'error', '-ss', String(probe.duration_seconds / 2), '-i', path, '-frames:v', '1',
      '-vf', `scale=${THUMB_W}:${THUMB_H}:force_original_aspect_ratio=decrease`, '-f', 'image2pipe', '-vcodec', 'png', '-'], { maxBuffer: 32 << 20 });
    ctx.drawImage(await loadImage(thumb), 10, y);
    ctx.fillStyle = '#111';
    ctx.font = '11px sans-serif';
    ctx.fillText(clip, 12, y + THUMB_H + 12);
    if (result) {
      for (const [i, team] of result.teams.entries()) await drawTeam(ctx, team, THUMB_W + 20 + i * PANEL_W, y);
    } else {
      ctx.font = 'bold 15px sans-serif';
      ctx.fillText('no two kits found', THUMB_W + 20, y + 16);
    }
    const names = result?.teams.map((t) => `${t.swatch.description} (${t.crops.length} crops)`) ?? ['none', 'none'];
    lines.push(`| ${clip} | ${(truth.get(clip) ?? ['?']).join(', ')} | ${names[0]} | ${names[1]} | ${result ? result.seconds.toFixed(2) : '-'} |`);
  }
  writeFileSync(values.out as string, sheet.toBuffer('image/png'));
  process.stdout.write(`${lines.join('\n')}\n\nsheet: ${values.out}\n`);
}

runBench(main);

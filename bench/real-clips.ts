/**
 * `npm run bench:real -- [--out DIR] [--record]`: the engine on every real clip in ../shared/data/clips.
 * For each clip: an overlay video, a contact sheet (boxes coloured by squad and role, the calibrated
 * pitch lines, the ball) and a sheet of the shirt numbers read with the crops they were read from, written to DIR (default /tmp/touchline-real, outside the repository), plus what
 * can be measured without truth: calibrated share, people per frame, positions off the pitch, impossible
 * speeds. The hand-annotated frames (annotations/real-frames.json) are scored: people precision and
 * recall (foot point within 2% of the width), squad accuracy under the best kit mapping, ball, scene.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { decodeFrames } from '../engine/io/frame-source.js';
import { VideoEncoder } from '../engine/io/video-encoder.js';
import { analyseVideo, type DebugFrame } from '../engine/video/analyse-video.js';
import { ROLES } from '../engine/results/tracking-columns.js';
import { projector, scaleCamera, type Camera } from '../engine/geometry/camera.js';
import { pitchMarkings } from '../engine/geometry/pitch-markings.js';
import { maxWeightMatching } from './eval/hungarian.js';
import { machineDescription, report, runBench } from './machine.js';
import { wholeVideoInput } from './whole-video-input.js';
import { cutBox, numbersSheet, sheetReadings, type NumberCrop } from './numbers-sheet.js';
import { NumberVotes } from '../engine/vision/identity/number-votes.js';
import { movementCells, movementFigures } from './eval/movement-figures.js';
import { addPitchScores, pitchPointLine, scorePitchPoints, type PitchPointFrame, type PitchPointScore } from './eval/pitch-points.js';
import { addTallies, ballRowsOf, ballScoreLine, ballTotalLines, tallyBallRows, tallyTotal, type BallTally, type ClipBallLabels } from './eval/ball-dev-set.js';
import { NULL_I16 } from '../engine/results/tracking-columns.js';

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));
/** Our own real dev set: the ball's centre by eye every half second on every clip (eval/ball-dev-set.ts). */
const BALL_CENTRES = fileURLToPath(new URL('../../bench/real-ball-centres.json', import.meta.url));
const PITCH_POINTS = fileURLToPath(new URL('../../bench/real-pitch-points.json', import.meta.url));

interface Annotated {
  clip: string;
  time_sec: number;
  width: number;
  height: number;
  analysable: boolean;
  ball: { x: number; y: number } | null;
  people: { x: number; y: number; kind: string; truncated?: boolean }[];
}

type Label = { team: number; role: string };
const COLOURS: Record<string, string> = { 'player:0': '#ff3b30', 'player:1': '#0a84ff', 'goal_keeper:0': '#ff9f0a', 'goal_keeper:1': '#64d2ff', referee: '#111111', unknown: '#bbbbbb' };
const colourOf = (l: Label | undefined) => (l ? (l.role === 'referee' ? COLOURS.referee : COLOURS[`${l.role}:${l.team}`] ?? COLOURS.unknown) : COLOURS.unknown) as string;

function drawFrame(rgb: Uint8Array, w: number, h: number, d: DebugFrame | undefined, labels: Map<number, Label>, scale: number): Uint8ClampedArray {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(w, h);
  for (let i = 0, j = 0; i < w * h; i++, j += 3) {
    img.data[i * 4] = rgb[j] as number;
    img.data[i * 4 + 1] = rgb[j + 1] as number;
    img.data[i * 4 + 2] = rgb[j + 2] as number;
    img.data[i * 4 + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  if (d?.camera) {
    const cam: Camera = scaleCamera(d.camera, scale, w, h);
    const proj = projector(cam);
    ctx.strokeStyle = 'rgba(255, 230, 0, 0.85)';
    ctx.lineWidth = 1.5;
    for (const line of pitchMarkings()) {
      ctx.beginPath();
      let pen = false;
      for (let k = 1; k < line.length; k++) {
        const [ax, ay] = line[k - 1] as [number, number];
        const [bx, by] = line[k] as [number, number];
        const n = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / 2));
        for (let s = k === 1 ? 0 : 1; s <= n; s++) {
          const p = proj.project(ax + ((bx - ax) * s) / n, ay + ((by - ay) * s) / n, 0);
          if (!p) {
            pen = false;
            continue;
          }
          if (pen) ctx.lineTo(p[0], p[1]);
          else ctx.moveTo(p[0], p[1]);
          pen = true;
        }
      }
      ctx.stroke();
    }
  } else {
    ctx.fillStyle = 'rgba(255, 0, 0, 0.8)';
    ctx.font = '20px sans-serif';
    ctx.fillText(d && !d.analysable ? 'not analysable' : 'not calibrated', 12, h - 14);
  }
  d?.boxes.forEach((b, i) => {
    const t = d.tracks[i];
    ctx.strokeStyle = colourOf(t === null || t === undefined ? undefined : labels.get(t));
    ctx.lineWidth = 2;
    ctx.strokeRect(b[0], b[1], b[2] - b[0], b[3] - b[1]);
  });
  if (d?.ball) {
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(d.ball[0], d.ball[1], 7, 0, 2 * Math.PI);
    ctx.stroke();
  }
  return ctx.getImageData(0, 0, w, h).data;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, record: { type: 'boolean' }, clip: { type: 'string' }, 'clips-dir': { type: 'string' } } });
  const clipsDir = values['clips-dir'] ?? join(DATA, 'clips');
  if (!existsSync(clipsDir)) {
    process.stdout.write(`bench:real skipped: ${clipsDir} not found\n`);
    return;
  }
  const out = values.out ?? '/tmp/touchline-real';
  mkdirSync(out, { recursive: true });
  const annotations = existsSync(join(DATA, 'annotations/real-frames.json'))
    ? (JSON.parse(readFileSync(join(DATA, 'annotations/real-frames.json'), 'utf8')) as { frames: Annotated[] }).frames : [];
  const lines: string[] = [];
  const numberLines: string[] = [];
  const annLines: string[] = [];
  const ballLabels = existsSync(BALL_CENTRES) ? (JSON.parse(readFileSync(BALL_CENTRES, 'utf8')) as { clips: ClipBallLabels[] }).clips : [];
  const ballLines: string[] = [];
  let ballTotal: BallTally | null = null;
  const pitchFrames: PitchPointFrame[] = existsSync(PITCH_POINTS) ? (JSON.parse(readFileSync(PITCH_POINTS, 'utf8')) as { frames: PitchPointFrame[] }).frames : [];
  const pitchLines: string[] = [];
  let pitchTotal: PitchPointScore | null = null;
  for (const clip of readdirSync(clipsDir).filter((f) => f.endsWith('.mp4')).sort()) {
    if (values.clip && !clip.includes(values.clip)) continue;
    const path = join(clipsDir, clip);
    const { probe, input } = await wholeVideoInput(path);
    const started = performance.now();
    const r = await analyseVideo(input, () => {}, { debug: true });
    const seconds = (performance.now() - started) / 1000;
    const c = r.columns;
    const ballLabel = ballLabels.find((l) => l.clip === clip);
    if (ballLabel) {
      const tally = tallyBallRows(ballLabel, ballRowsOf(c, ROLES.indexOf('ball'), NULL_I16));
      ballLines.push(ballScoreLine(clip, tallyTotal(tally)));
      ballTotal = addTallies(ballTotal, tally);
    }
    const labels = new Map<number, Label>();
    let offPitch = 0;
    let people = 0;
    for (let i = 0; i < c.length; i++) {
      const role = ROLES[c.role[i] as number] as string;
      if (role === 'ball') continue;
      people++;
      labels.set(c.track[i] as number, { team: c.team[i] as number, role });
      const x = c.x[i] as number;
      const y = c.y[i] as number;
      if (x <= 0 || x >= 10500 || y <= 0 || y >= 6800) offPitch++;
    }
    const movement = movementFigures(c);
    const debug = r.debug ?? [];
    // Frames that give rows: a camera on a frame the scene stage keeps (a frozen picture still calibrates).
    const calibrated = debug.filter((d) => d.analysable && d.camera).length;
    const analysable = debug.filter((d) => d.analysable).length;
    const scale = probe.width / (debug.find((d) => d.camera)?.camera?.width ?? probe.width);
    const clicked = pitchFrames.filter((f) => f.clip === clip);
    if (clicked.length) {
      const score = scorePitchPoints(clicked, (f) => (debug[f]?.analysable ? (debug[f]?.camera ?? null) : null));
      pitchLines.push(pitchPointLine(clip, score));
      pitchTotal = pitchTotal ? addPitchScores(pitchTotal, score) : score;
    }
    // Overlay video and contact sheet.
    const dir = join(out, clip.replace(/\.mp4$/, ''));
    mkdirSync(dir, { recursive: true });
    const W = probe.width > 1280 ? 1280 : probe.width;
    const H = Math.round((probe.height * W) / probe.width / 2) * 2;
    const enc = new VideoEncoder({ width: W, height: H, fps: 25, out: join(dir, 'overlay.mp4'), crf: 26 });
    const sheetCells = 6;
    const picks = new Set(Array.from({ length: sheetCells }, (_, k) => Math.floor(((k + 0.5) / sheetCells) * debug.length)));
    const cellW = 640;
    const cellH = Math.round((H * cellW) / W);
    const sheet = createCanvas(cellW * 2, cellH * 3);
    const sctx = sheet.getContext('2d');
    // Shirt numbers: the readings a contact sheet shows, cut from the frames as they stream past.
    const readings = r.shirtReadings ?? [];
    const shown = sheetReadings(readings);
    const shownAt = new Map<number, typeof shown>();
    for (const s of shown) shownAt.set(s.frame, [...(shownAt.get(s.frame) ?? []), s]);
    const numberCrops: NumberCrop[] = [];
    let k = 0;
    for await (const f of decodeFrames({ path, width: W, height: H })) {
      const d = debug[f.index];
      const sd = d && { ...d, boxes: d.boxes.map((b) => b.map((v) => (v * W) / probe.width) as [number, number, number, number]), ball: d.ball ? [d.ball[0] * W / probe.width, d.ball[1] * W / probe.width] as [number, number] : null };
      for (const s of shownAt.get(f.index) ?? []) numberCrops.push({ reading: s, ...cutBox(f.rgb, W, H, s.box.map((v) => (v * W) / input.width)) });
      const rgba = drawFrame(f.rgb, W, H, sd, labels, (scale * W) / probe.width);
      await enc.write(rgba);
      if (picks.has(f.index)) {
        const cell = createCanvas(W, H);
        const cctx = cell.getContext('2d');
        const id = cctx.createImageData(W, H);
        id.data.set(rgba);
        cctx.putImageData(id, 0, 0);
        sctx.drawImage(cell, (k % 2) * cellW, Math.floor(k / 2) * cellH, cellW, cellH);
        sctx.fillStyle = '#ffffff';
        sctx.font = '16px sans-serif';
        sctx.fillText(`${clip} ${(f.t_ms / 1000).toFixed(1)} s`, (k % 2) * cellW + 8, Math.floor(k / 2) * cellH + 20);
        k++;
      }
    }
    await enc.finish();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'sheet.png'), sheet.toBuffer('image/png'));
    const votes = new NumberVotes();
    for (const s of readings) votes.add(s.track, s.reading);
    const decided = votes.tracks().flatMap((t) => {
      const d = votes.decide(t);
      return d ? [`t${t}: ${d.number} (${d.votes} votes)`] : [];
    });
    const read = readings.filter((s) => s.reading.number !== null);
    const numbersSummary = [
      `${readings.length} shirts read, ${read.length} numbers (${read.filter((s) => s.reading.confidence >= 0.9).length} sure enough to vote); ids in the rows: ${c.players.join(', ') || 'none'}`,
      `tracks named: ${decided.join(', ') || 'none'}`,
    ];
    writeFileSync(join(dir, 'numbers.png'), numbersSheet(`${clip}: shirt numbers read (green: sure enough to vote)`, numbersSummary, numberCrops));
    numberLines.push(`| ${clip} | ${readings.length} | ${read.length} | ${read.filter((s) => s.reading.confidence >= 0.9).length} | ${decided.length} | ${c.players.join(', ') || 'none'} |`);
    lines.push(`| ${clip} | ${debug.length} | ${(debug.length / seconds).toFixed(1)} | ${((100 * analysable) / Math.max(1, debug.length)).toFixed(0)}% | ${((100 * calibrated) / Math.max(1, analysable)).toFixed(0)}% | ${(people / Math.max(1, calibrated)).toFixed(1)} | ${((100 * offPitch) / Math.max(1, people)).toFixed(1)}% | ${movementCells(movement)}`);

    // Hand-annotated frames of this clip.
    for (const a of annotations.filter((x) => x.clip === clip)) {
      const fi = Math.min(debug.length - 1, Math.ceil(a.time_sec * 25 - 1e-6));
      const d = debug[fi];
      const analysed = !!d?.camera && d.analysable;
      if (!a.analysable) {
        annLines.push(`| ${clip} @ ${a.time_sec} s | not analysable (truth) | engine: ${analysed ? 'analysable (wrong)' : 'not analysable (right)'} | - | - | - |`);
        continue;
      }
      const t = d?.t_ms ?? -1;
      const rows: { u: number; v: number; team: number; role: string }[] = [];
      for (let i = 0; i < c.length; i++) {
        if (c.timestamp[i] !== t || ROLES[c.role[i] as number] === 'ball') continue;
        rows.push({ u: c.bboxX[i] as number, v: c.bboxY[i] as number, team: c.team[i] as number, role: ROLES[c.role[i] as number] as string });
      }
      const truth = a.people.filter((p) => p.kind !== 'ignore');
      const ignore = a.people.filter((p) => p.kind === 'ignore');
      const limit = 0.02 * a.width;
      const weights = truth.map((p) => rows.map((q) => {
        const dd = Math.hypot(q.u - p.x, q.v - p.y);
        return dd <= limit ? 1 - dd / (limit * 1.0001) + 1e-6 : 0;
      }));
      const m = maxWeightMatching(weights);
      const matched = m.filter((j) => j >= 0).length;
      const used = new Set(m.filter((j) => j >= 0));
      const spurious = rows.filter((q, j) => !used.has(j) && !ignore.some((p) => Math.hypot(q.u - p.x, q.v - p.y) <= limit)).length;
      // Squads: the better of the two mappings of engine labels onto the annotated kits.
      const kits = [...new Set(truth.filter((p) => p.kind.startsWith('team:')).map((p) => p.kind))];
      let agree = 0;
      let total = 0;
      if (kits.length === 2) {
        let same = 0;
        let swapped = 0;
        m.forEach((j, i) => {
          const p = truth[i] as (typeof truth)[number];
          const q = rows[j];
          if (j < 0 || !q || !p.kind.startsWith('team:') || q.team < 0) return;
          total++;
          const k2 = kits.indexOf(p.kind);
          if (k2 === q.team) same++;
          else swapped++;
        });
        agree = Math.max(same, swapped);
      }
      const ballRow = (() => {
        for (let i = 0; i < c.length; i++) if (c.timestamp[i] === t && ROLES[c.role[i] as number] === 'ball') return [c.bboxX[i] as number, c.bboxY[i] as number];
        return null;
      })();
      const ballOk = a.ball ? (ballRow ? Math.hypot(ballRow[0]! - a.ball.x, ballRow[1]! - a.ball.y) <= 0.02 * a.width : false) : null;
      annLines.push(`| ${clip} @ ${a.time_sec} s | ${analysed ? 'calibrated' : 'NOT calibrated'} | people recall ${matched}/${truth.length} | spurious ${spurious} of ${rows.length} | squads ${total ? `${agree}/${total}` : 'n/a'} | ball ${ballOk === null ? 'n/a' : ballOk ? 'found' : 'missed'} |`);
    }
    process.stdout.write(`${clip}: done in ${seconds.toFixed(1)} s -> ${dir}\n`);
  }
  report([
    `## bench:real ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:real\` (overlays and contact sheets in ${out}).`,
    '',
    '| clip | frames | frames/s | analysable | calibrated (of analysable) | people per calibrated frame | rows on the pitch edge (clamped) | detected steps faster than 10 m/s | top speed (as reports) | sprint (>= 21 km/h) per 90 min, tracks seen 1 min+: most / median |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    '',
    'Hand-annotated real frames (never tuned on):',
    '',
    '| frame | calibration | people (foot within 2% of width) | detections matching nobody | squad (best mapping) | ball |',
    '|---|---|---|---|---|---|',
    ...annLines,
    '',
    'Pitch points clicked by eye on real frames (bench/real-pitch-points.json; never tuned on), taken back to the pitch through the engine\'s camera:',
    '',
    '| clip | labelled frames calibrated | points | error median / p95 |',
    '|---|---|---|---|',
    ...pitchLines,
    ...(pitchTotal ? [pitchPointLine('**all clips**', pitchTotal)] : []),
    '',
    'The ball against our real dev set (bench/real-ball-centres.json: the centre by eye every half second; never tuned on):',
    '',
    '| clip | ball visible | row within 2% of the width | within 1% | row farther (wrong) | no row (missed) | hidden | not in the picture |',
    '|---|---|---|---|---|---|---|---|',
    ...ballLines,
    ...(ballTotal ? ballTotalLines(ballTotal) : []),
    '',
    'Shirt numbers read (the crops they were read from: numbers.png beside each overlay; no truth for them, judged by eye):',
    '',
    '| clip | shirts read | numbers read | sure enough to vote | tracks named | player ids in the rows |',
    '|---|---|---|---|---|---|',
    ...numberLines,
  ].join('\n'));
}

runBench(main);

import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { FRAME_MS, type Period } from '../../match-data/match-events.js';
import type { SimTrack } from '../../match-data/sim-track.js';
import type { TruthEvent } from '../../match-data/truth-events.js';
import { createRng, mixSeed, type Rng } from '../../match-data/rng.js';
import { groundHomography, projectionMatrix, projector, type Camera } from '../../geometry/camera.js';
import { aimCamera, CameraOperator, type CameraKind } from '../../match-data/camera-operator.js';
import { buildStadium, drawPitch, type Stadium } from './draw-pitch.js';
import { drawBall, drawPerson, type DrawnObject, type PersonPose } from './draw-people.js';
import { advancePhase } from './figure.js';
import { pickKits, type Kit, type KitSet } from './kits.js';
import { drawFullScreen, drawScoreBug, drawWipe, scoreBugBox } from './overlays.js';
import { isAnalysable, planScenes, type SceneSpan } from './scene-plan.js';
import type { FrameTruth, ObjectTruth } from '../../match-data/frame-truth.js';

export interface RenderOptions {
  camera: CameraKind;
  width: number;
  height: number;
  seed: number;
  /** Radial lens distortion (negative: barrel); 0 for none. */
  k1?: number;
  /** Director's cuts (close-ups, replays, graphics); broadcast camera only. */
  cuts?: boolean;
  teamNames?: { home: string; away: string };
  /**
   * Boots: black on everyone (the default, as every fixture so far was rendered), or each player's own
   * from the colours real boots come in (`varied`: white, pink, orange, lime, gold, blue or black), so
   * training renders show the bright boots a ball detector must learn are not the ball.
   */
  boots?: 'black' | 'varied';
}

const SKINS = ['#f1c7a5', '#e0ac87', '#c68a62', '#a86f4c', '#7d4e32', '#5a3622'];
const HAIRS = ['#1d1a17', '#3b2a1e', '#6b4a2b', '#a5793f', '#d6b370', '#111111'];
/** Real boots: about a third white or nearly so, the rest bright colours and black. */
const BOOTS = ['#f2f2f2', '#f2f2f2', '#e8e8e0', '#ff4f9a', '#ff7a1a', '#c6ff2e', '#e3c15a', '#2f6df0', '#111111', '#111111'];
const BLACK_BOOTS = '#111111';

interface PersonState { phase: number; heading: number; skin: string; hair: string; height: number; boots: string }

function boxShare(box: [number, number, number, number], inside: (x: number, y: number) => boolean): number {
  let hit = 0;
  const nx = 6;
  const ny = 8;
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      if (inside(box[0] + ((i + 0.5) / nx) * (box[2] - box[0]), box[1] + ((j + 0.5) / ny) * (box[3] - box[1]))) hit++;
    }
  }
  return hit / (nx * ny);
}

/**
 * Renders a simulated track as broadcast frames, in order, one call per frame, with the exact ground
 * truth of what each frame shows. The same seed gives the same pictures.
 */
export class FrameRenderer {
  readonly scenes: SceneSpan[];
  readonly kits: KitSet;
  private readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  private readonly stadium: Stadium;
  private readonly operator: CameraOperator;
  private readonly people = new Map<string, PersonState>();
  private readonly sceneOf: Int32Array;
  private next = 0;
  /** Slow cloud cover: two drifting waves, phases and periods from the seed. */
  private readonly light: [number, number, number, number];
  private readonly ballIndex: number;
  private readonly names: { home: string; away: string };

  constructor(private readonly track: SimTrack, private readonly events: readonly TruthEvent[], private readonly periods: readonly Period[], private readonly options: RenderOptions) {
    const rng = createRng(mixSeed(options.seed, 0x5ce4e));
    this.kits = pickKits(() => rng.next());
    this.stadium = buildStadium(rng.fork(1));
    this.operator = new CameraOperator(options.camera, options, rng.fork(2), options.k1 ?? 0);
    this.scenes = planScenes(track, events, rng.fork(3), { cuts: (options.cuts ?? true) && options.camera === 'broadcast' });
    this.sceneOf = new Int32Array(track.frames);
    this.scenes.forEach((s, i) => this.sceneOf.fill(i, s.from, s.to));
    this.canvas = createCanvas(options.width, options.height);
    this.ctx = this.canvas.getContext('2d');
    this.ballIndex = track.objects.length - 1;
    this.names = options.teamNames ?? { home: 'HOM', away: 'AWY' };
    this.light = [rng.range(0, 6.28), rng.range(20, 45), rng.range(0, 6.28), rng.range(50, 110)];
    for (const o of track.objects) {
      const r: Rng = rng.fork(hash(o.id));
      this.people.set(o.id, {
        phase: r.range(0, Math.PI * 2), heading: o.team === 1 ? Math.PI : 0,
        skin: SKINS[Math.floor(r.next() * SKINS.length)] as string, hair: HAIRS[Math.floor(r.next() * HAIRS.length)] as string,
        height: r.range(1.72, 1.93),
        // Drawn after the others, so a seed's skins, hair and heights do not depend on the option.
        boots: options.boots === 'varied' ? BOOTS[Math.floor(r.next() * BOOTS.length)] as string : BLACK_BOOTS,
      });
    }
  }

  get frames(): number {
    return this.track.frames;
  }

  /** The last rendered frame as JPEG (training images are compressed, as real frames are). */
  jpeg(quality = 88): Buffer {
    return this.canvas.encodeSync('jpeg', quality);
  }

  /** The next frame's RGBA pixels and its truth. */
  renderNext(): { rgba: Uint8ClampedArray; truth: FrameTruth } {
    const f = this.next++;
    if (f >= this.track.frames) throw new Error('no more frames');
    const dt = FRAME_MS / 1000;
    const ball = this.position(f, this.ballIndex);
    const prev = f > 0 ? this.position(f - 1, this.ballIndex) : null;
    const bv = ball && prev ? { vx: (ball.x - prev.x) / dt, vy: (ball.y - prev.y) / dt } : { vx: 0, vy: 0 };
    const liveCam = this.operator.next({ x: ball?.x ?? 52.5, y: ball?.y ?? 34, ...bv }, dt);
    this.advancePeople(f);
    const span = this.scenes[this.sceneOf[f] as number] as SceneSpan;
    const ctx = this.ctx;
    const { width, height } = this.options;
    const t = this.track.startMs + f * FRAME_MS;
    let truth: FrameTruth = { frame: f, t_ms: t, scene: span.kind, analysable: isAnalysable(span.kind), camera: null, homography: null, projection: null, objects: [], ball: null, overlays: [] };

    switch (span.kind) {
      case 'live': {
        const drawn = this.drawWorld(liveCam, f, f);
        truth = { ...truth, camera: liveCam, homography: groundHomography(liveCam), projection: projectionMatrix(liveCam), ...this.frameTruth(f, drawn), overlays: [scoreBugBox(width)] };
        drawScoreBug(ctx, width, this.bug(t));
        break;
      }
      case 'replay': {
        const source = Math.min(this.track.frames - 1, (span.replayFrom ?? 0) + Math.floor((f - span.from) / 2));
        const b = this.position(source, this.ballIndex) ?? { x: 52.5, y: 34 };
        const side = b.x > 52.5 ? 1 : -1;
        const cam = aimCamera({ x: b.x + side * 22, y: -16, z: 7, roll: 0, width, height, k1: 0 }, b.x, b.y, 24);
        this.drawWorld(cam, source, f);
        drawScoreBug(ctx, width, this.bug(t));
        truth = { ...truth, ...this.frameTruth(f, new Map()) };
        break;
      }
      case 'closeup': {
        const o = this.track.objects.findIndex((x) => x.id === span.subject);
        const p = (o >= 0 ? this.position(f, o) : null) ?? ball ?? { x: 52.5, y: 34 };
        const dist = 7;
        const cam: Camera = { x: p.x + 2, y: p.y - dist, z: 1.6, pan: Math.atan2(-2, dist), tilt: Math.atan2(0.4, dist), roll: 0,
          focal: (height / 2) * (dist / 1.25), width, height, k1: 0 };
        this.drawWorld(cam, f, f);
        truth = { ...truth, ...this.frameTruth(f, new Map()) };
        break;
      }
      case 'wipe': {
        const drawn = this.drawWorld(liveCam, f, f);
        void drawn;
        drawWipe(ctx, width, height, (f - span.from + 1) / (span.to - span.from + 1));
        truth = { ...truth, ...this.frameTruth(f, new Map()) };
        break;
      }
      case 'graphics':
      case 'break': {
        const [hg, ag] = this.score(t);
        const title = span.kind === 'break' ? 'HALF-TIME' : 'MATCH STATS';
        drawFullScreen(ctx, width, height, title, [`${this.names.home}  ${hg} - ${ag}  ${this.names.away}`, this.possessionLine(f), `Shots  ${this.count('shot', 0, t)} - ${this.count('shot', 1, t)}`]);
        truth = { ...truth, ...this.frameTruth(f, new Map()) };
        break;
      }
    }
    const rgba = ctx.getImageData(0, 0, width, height).data;
    return { rgba, truth };
  }

  private position(f: number, o: number): { x: number; y: number } | null {
    const n = this.track.objects.length;
    const x = this.track.x[f * n + o] as number;
    return Number.isNaN(x) ? null : { x, y: this.track.y[f * n + o] as number };
  }

  /** Running phase and heading follow each person's movement frame by frame. */
  private advancePeople(f: number): void {
    const dt = FRAME_MS / 1000;
    const ball = this.position(f, this.ballIndex);
    this.track.objects.forEach((o, i) => {
      if (o.role === 'ball') return;
      const cur = this.position(f, i);
      const prev = f > 0 ? this.position(f - 1, i) : null;
      const st = this.people.get(o.id) as PersonState;
      if (!cur) return;
      const dx = prev ? cur.x - prev.x : 0;
      const dy = prev ? cur.y - prev.y : 0;
      const dist = Math.hypot(dx, dy);
      const speed = dist / dt;
      st.phase = advancePhase(st.phase, dist, speed);
      const want = speed > 0.6 ? Math.atan2(dy, dx) : ball ? Math.atan2(ball.y - cur.y, ball.x - cur.x) : st.heading;
      let d = want - st.heading;
      d = Math.atan2(Math.sin(d), Math.cos(d));
      st.heading += d * Math.min(1, dt * 6);
    });
  }

  private kitOf(i: number): Kit {
    const o = this.track.objects[i]!;
    if (o.role === 'referee') return this.kits.referee;
    if (o.role === 'goal_keeper') return o.team === 0 ? this.kits.homeKeeper : this.kits.awayKeeper;
    return o.team === 0 ? this.kits.home : this.kits.away;
  }

  /** Draws pitch, people and ball of `source` frame through `cam`; returns what was drawn by id. */
  private drawWorld(cam: Camera, source: number, f: number): Map<string, DrawnObject> {
    const proj = projector(cam);
    drawPitch(this.ctx, proj, this.stadium);
    const dt = FRAME_MS / 1000;
    const items: { depth: number; draw: () => DrawnObject | null }[] = [];
    this.track.objects.forEach((o, i) => {
      const p = this.position(source, i);
      if (!p) return;
      if (o.role === 'ball') {
        const z = this.track.ballZ[source] as number;
        const pb = source > 0 ? this.position(source - 1, i) : null;
        const v: [number, number, number] = pb ? [(p.x - pb.x) / dt, (p.y - pb.y) / dt, (z - (this.track.ballZ[source - 1] as number)) / dt] : [0, 0, 0];
        items.push({ depth: proj.depth(p.x, p.y, z), draw: () => drawBall(this.ctx, proj, p.x, p.y, z, v) });
        return;
      }
      const st = this.people.get(o.id) as PersonState;
      const prev = source > 0 ? this.position(source - 1, i) : null;
      const speed = prev ? Math.hypot(p.x - prev.x, p.y - prev.y) / dt : 0;
      const replayed = source !== f;
      const pose: PersonPose = {
        id: o.id, x: p.x, y: p.y, speed, kit: this.kitOf(i), number: o.role === 'referee' ? null : o.jersey,
        heading: replayed && prev && speed > 0.6 ? Math.atan2(p.y - prev.y, p.x - prev.x) : st.heading,
        phase: replayed ? st.phase + source * 0.3 : st.phase, skin: st.skin, hair: st.hair, height: st.height, boots: st.boots,
      };
      items.push({
        depth: proj.depth(p.x, p.y, 1),
        draw: () => {
          // Motion blur of a runner: a faint copy half an exposure back, under the figure.
          if (prev && speed > 4) {
            this.ctx.globalAlpha = 0.3;
            drawPerson(this.ctx, proj, { ...pose, x: p.x - (p.x - prev.x) * 0.5, y: p.y - (p.y - prev.y) * 0.5 });
            this.ctx.globalAlpha = 1;
          }
          return drawPerson(this.ctx, proj, pose);
        },
      });
    });
    items.sort((a, b) => b.depth - a.depth);
    const drawn = new Map<string, DrawnObject>();
    for (const it of items) {
      const d = it.draw();
      if (d) drawn.set(d.id, d);
    }
    // Lighting changes: clouds passing dim the whole picture by up to about 14%.
    const s = f * (FRAME_MS / 1000);
    const [p1, t1, p2, t2] = this.light;
    const dim = 0.07 + 0.045 * Math.sin(p1 + (2 * Math.PI * s) / t1) + 0.025 * Math.sin(p2 + (2 * Math.PI * s) / t2);
    this.ctx.fillStyle = `rgba(0,0,0,${Math.max(0, dim).toFixed(3)})`;
    this.ctx.fillRect(0, 0, cam.width, cam.height);
    return drawn;
  }

  private frameTruth(f: number, drawn: Map<string, DrawnObject>): Pick<FrameTruth, 'objects' | 'ball'> {
    const { width, height } = this.options;
    const people = [...drawn.values()].filter((d) => d.id !== 'ball');
    const objects: ObjectTruth[] = [];
    let ball: FrameTruth['ball'] = null;
    this.track.objects.forEach((o, i) => {
      const p = this.position(f, i);
      if (!p) return;
      const d = drawn.get(o.id);
      const inFrame = d ? boxShare(d.box, (x, y) => x >= 0 && x < width && y >= 0 && y < height) : 0;
      if (o.role === 'ball') {
        ball = { x: p.x, y: p.y, z: this.track.ballZ[f] as number, box: d ? round(d.box) : null, in_frame: inFrame };
        return;
      }
      const nearer = d ? people.filter((q) => q.depth < d.depth - 0.05 && q.id !== o.id) : [];
      const occlusion = d && nearer.length
        ? boxShare(d.box, (x, y) => nearer.some((q) => x >= q.box[0] && x <= q.box[2] && y >= q.box[1] && y <= q.box[3]))
        : 0;
      objects.push({
        id: o.id, role: o.role, team: o.team, jersey: o.jersey, x: p.x, y: p.y,
        box: d ? round(d.box) : null, foot: d ? [r1(d.foot[0]), r1(d.foot[1])] : null, in_frame: inFrame, occlusion,
        shirt: d?.shirt ? { box: round(d.shirt.box), side: d.shirt.side, number_px: r1(d.shirt.numberPx) } : null,
      });
    });
    return { objects, ball };
  }

  private score(t: number): [number, number] {
    let h = 0;
    let a = 0;
    for (const e of this.events) {
      if (e.type === 'shot' && e.provider_subtypes.includes('GOAL') && e.end_ms <= t) {
        if (e.team === 0) h++;
        else a++;
      }
    }
    return [h, a];
  }

  private count(type: string, team: number, t: number): number {
    return this.events.filter((e) => e.type === type && e.team === team && e.start_ms <= t).length;
  }

  private possessionLine(f: number): string {
    let h = 0;
    let a = 0;
    for (let i = 0; i <= f; i++) {
      if (this.track.possession[i] === 0) h++;
      else if (this.track.possession[i] === 1) a++;
    }
    const pct = h + a ? Math.round((100 * h) / (h + a)) : 50;
    return `Possession  ${pct}% - ${100 - pct}%`;
  }

  private bug(t: number) {
    const period = this.periods.find((p) => t >= p.startFrame * FRAME_MS && t <= p.endFrame * FRAME_MS) ?? this.periods[0];
    const elapsed = Math.max(0, t - (period?.startFrame ?? 0) * FRAME_MS) / 1000 + ((period?.period ?? 1) - 1) * 45 * 60;
    const [homeGoals, awayGoals] = this.score(t);
    const clock = `${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(Math.floor(elapsed % 60)).padStart(2, '0')}`;
    return { home: this.names.home, away: this.names.away, homeGoals, awayGoals, clock };
  }
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const round = (b: [number, number, number, number]): [number, number, number, number] => [r1(b[0]), r1(b[1]), r1(b[2]), r1(b[3])];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

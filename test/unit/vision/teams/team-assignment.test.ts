import { describe, expect, it } from 'vitest';
import { assignTeams, type TrackKit } from '../../../../engine/vision/teams/team-assignment.js';
import { concurrentTracks } from '../../../../engine/vision/teams/kit-clusters.js';
import { kitSample, rgbToLab } from '../../../../engine/vision/teams/kit-colour.js';

/** A seeded generator, so the noise is the same every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Kit = { shirt: [number, number, number]; shorts: [number, number, number]; dark: number; bright: number };
const SKY: Kit = { shirt: [67, -5, -30], shorts: [95, 0, 0], dark: 0, bright: 0.2 };
const STRIPES: Kit = { shirt: [55, 0, 0], shorts: [10, 0, 0], dark: 0.45, bright: 0.45 };
const REFEREE: Kit = { shirt: [12, 0, 0], shorts: [10, 0, 0], dark: 0.9, bright: 0.02 };
const KEEPER: Kit = { shirt: [35, 60, -50], shorts: [35, 60, -50], dark: 0.1, bright: 0 };

let nextId = 1;
function track(kit: Kit, x: number, y: number, r: () => number, o: Partial<TrackKit> = {}): TrackKit {
  const n = (s: number) => (r() - 0.5) * 2 * s;
  return {
    id: nextId++, samples: 40, firstMs: 0, lastMs: 30_000, meanX: x, meanY: y, inBoxShare: 0,
    feature: [kit.shirt[0] + n(6), kit.shirt[1] + n(5), kit.shirt[2] + n(5), kit.shorts[0] + n(6), kit.shorts[1] + n(4), kit.shorts[2] + n(4), kit.dark * 120 + n(10), kit.bright * 120 + n(10)],
    ...o,
  };
}

function match(seed: number) {
  const r = rng(seed);
  const home = Array.from({ length: 10 }, (_, i) => track(SKY, 20 + i * 2.5, 10 + i * 5, r));
  const away = Array.from({ length: 10 }, (_, i) => track(STRIPES, 60 + i * 2.5, 10 + i * 5, r));
  const refs = [track(REFEREE, 52, 30, r, { samples: 30 }), track(REFEREE, 30, -1, r, { samples: 20 }), track(REFEREE, 80, 69, r, { samples: 20 })];
  const keeper = track(KEEPER, 4, 34, r, { inBoxShare: 0.95 });
  return { home, away, refs, keeper, all: [...home, ...away, ...refs, keeper] };
}

describe('squads and roles from kit colours', () => {
  it('splits two squads, finds the officials even when their black is close to a striped squad, and the goalkeeper', () => {
    for (const seed of [1, 2, 3]) {
      const m = match(seed);
      const model = assignTeams(m.all);
      expect(model).not.toBeNull();
      const label = (t: TrackKit) => model!.labels.get(t.id);
      // team_0 is the squad further left: the sky blues stand at x 20-42, the stripes at 60-82.
      for (const t of m.home) expect(label(t)).toEqual({ role: 'player', team: 0 });
      for (const t of m.away) expect(label(t)).toEqual({ role: 'player', team: 1 });
      for (const t of m.refs) expect(label(t)).toEqual({ role: 'referee', team: null });
      // The keeper guards the left goal, where team_0's players stand: he is team_0's.
      expect(label(m.keeper)).toEqual({ role: 'goal_keeper', team: 0 });
      // Single samples are classified against the same kits.
      expect(model!.classify(m.refs[0]!.feature)).toEqual({ role: 'referee', team: null });
      expect(model!.classify(m.home[3]!.feature)).toEqual({ role: 'player', team: 0 });
      // A sample halfway between the officials' black and the stripes says nothing.
      const mean = (ts: TrackKit[], i: number) => ts.reduce((a, t) => a + t.samples * (t.feature[i] as number), 0) / ts.reduce((a, t) => a + t.samples, 0);
      const between = m.refs[0]!.feature.map((_, i) => (mean(m.refs, i) + mean(m.away, i)) / 2) as TrackKit['feature'];
      expect(model!.classify(between)).toBeNull();
      // Nor does one halfway between the two squads (two white shirts told apart by stripes and shorts).
      const squadsBetween = m.home[0]!.feature.map((_, i) => (mean(m.home, i) + mean(m.away, i)) / 2) as TrackKit['feature'];
      expect(model!.classify(squadsBetween)).toBeNull();
      expect(model!.classify(m.away[2]!.feature)).toEqual({ role: 'player', team: 1 });
    }
  });

  it('one goalkeeper a side at a time: a player near his goal whose kit sampled off while the keeper was seen stays a player', () => {
    for (const seed of [1, 2, 3]) {
      const m = match(seed);
      const r = rng(seed + 10);
      // A sky-blue defender 21 m out whose samples read darker (cut by the picture's edge, in shade):
      // far from his squad's kit, near his goal, seen for 20 s while the keeper was.
      const off = track({ ...SKY, shirt: [42, -5, -30], dark: 0.4, bright: 0 }, 21, 27, r, { firstMs: 5_000, lastMs: 25_000, inBoxShare: 0.1 });
      const model = assignTeams([...m.all, off]);
      expect(model!.labels.get(m.keeper.id)).toEqual({ role: 'goal_keeper', team: 0 });
      expect(model!.labels.get(off.id)).toEqual({ role: 'player', team: 0 });
      // Seen after the keeper's track ended, the same colours are the keeper's next track.
      const later = { ...off, id: off.id + 1000, firstMs: 31_000, lastMs: 50_000 };
      expect(assignTeams([...m.all, later])!.labels.get(later.id)?.role).toBe('goal_keeper');
    }
  });

  it('finds the officials past a spoiled track far out, and keeps the referee a referee near a goal', () => {
    for (const seed of [5, 6, 7]) {
      const r = rng(seed);
      const m = match(seed);
      // A track whose colours a crossing spoiled, farther out than any kit: tried first as a kit of its
      // own, it is rejected (a lone track not far enough out), and the search goes on.
      const spoiled = track({ shirt: [50, 40, 60], shorts: [60, 20, 40], dark: 0.3, bright: 0.3 }, 50, 30, r, { samples: 16 });
      spoiled.feature = [...m.home[0]!.feature.map((v, i) => (v + (m.away[0]!.feature[i] as number)) / 2)] as TrackKit['feature'];
      spoiled.feature[1] += 45;
      // The referee followed play into the right penalty area for the whole of one track (after the
      // others: the officials are three at a time).
      const refNearGoal = track(REFEREE, 92, 30, r, { samples: 25, inBoxShare: 0.7, firstMs: 30_001, lastMs: 40_000 });
      const model = assignTeams([...m.all, spoiled, refNearGoal]);
      expect(model).not.toBeNull();
      for (const t of [...m.refs, refNearGoal]) expect(model!.labels.get(t.id), `seed ${seed} track ${t.id} ${t.meanX},${t.meanY}`).toEqual({ role: 'referee', team: null });
      for (const t of m.away) expect(model!.labels.get(t.id)).toEqual({ role: 'player', team: 1 });
    }
  });

  it('keeps a squad\'s players in shade players: an odd kit is worn by few people at once', () => {
    for (const seed of [8, 9]) {
      const r = rng(seed);
      const m = match(seed);
      // Five sky-blue players in the shade of the stand at the same time: darker shirts, no bright pixels,
      // a tight colour group of their own, far from the sunlit tracks by the squads' (tight) spread.
      const shade: Kit = { shirt: [45, -5, -25], shorts: [70, 0, 0], dark: 0.3, bright: 0 };
      const shaded = Array.from({ length: 5 }, (_, i) => track(shade, 25 + i * 4, 60, r, { samples: 30, firstMs: 5_000, lastMs: 20_000 }));
      const model = assignTeams([...m.all, ...shaded]);
      expect(model).not.toBeNull();
      for (const t of shaded) expect(model!.labels.get(t.id)).toEqual({ role: 'player', team: 0 });
      for (const t of m.refs) expect(model!.labels.get(t.id)).toEqual({ role: 'referee', team: null });
    }
  });

  it('one referee in the field at a time: a striped player whose shirt sampled dark beside the referee stays a player', () => {
    for (const seed of [11, 12, 13]) {
      const r = rng(seed);
      const m = match(seed);
      // Between the stripes and the officials' black, nearer the black: the white of his shirt in shadow
      // for the 20 s of his track, all of it while the referee's own track was seen.
      // The camera shows the assistants on the far touchlines at the start and the end, not meanwhile.
      m.refs[1]!.lastMs = 4_000;
      m.refs[2]!.firstMs = 26_000;
      const dark = track({ shirt: [32, 0, 0], shorts: [10, 0, 0], dark: 0.7, bright: 0.12 }, 55, 40, r, { samples: 20, firstMs: 5_000, lastMs: 25_000 });
      const model = assignTeams([...m.all, dark]);
      expect(model!.labels.get(dark.id)).toEqual({ role: 'player', team: 1 });
      expect(model!.labels.get(m.refs[0]!.id)).toEqual({ role: 'referee', team: null });
      // Seen after the referee's track ended, the same colours are the referee's next track.
      const later = { ...dark, id: dark.id + 1000, firstMs: 31_000, lastMs: 50_000 };
      expect(assignTeams([...m.all, later])!.labels.get(later.id)).toEqual({ role: 'referee', team: null });
    }
  });

  it('tracks far from every kit (players washed out on the far touchline together) are players, not officials', () => {
    for (const seed of [14, 15]) {
      const r = rng(seed);
      const m = match(seed);
      // Sky blue gone pale in the distance, five players at once: far from both squads by their spread,
      // too many at once for an odd kit of their own, and nowhere near the officials' black.
      const pale = Array.from({ length: 5 }, (_, i) => track({ shirt: [66, -6, -2], shorts: [74, -5, 9], dark: 0.01, bright: 0.33 }, 30 + i * 6, 65, r, { samples: 30, firstMs: 2_000, lastMs: 12_000 }));
      const model = assignTeams([...m.all, ...pale]);
      for (const t of pale) expect(model!.labels.get(t.id)).toEqual({ role: 'player', team: 0 });
      for (const t of m.refs) expect(model!.labels.get(t.id)).toEqual({ role: 'referee', team: null });
    }
  });

  it('counts the tracks alive at one moment', () => {
    expect(concurrentTracks([])).toBe(0);
    expect(concurrentTracks([{ firstMs: 0, lastMs: 100 }, { firstMs: 101, lastMs: 200 }])).toBe(1);
    expect(concurrentTracks([{ firstMs: 0, lastMs: 100 }, { firstMs: 100, lastMs: 200 }, { firstMs: 50, lastMs: 150 }])).toBe(3);
  });

  it('needs a few tracks with enough samples to say anything', () => {
    const m = match(4);
    expect(assignTeams(m.all.slice(0, 3))).toBeNull();
    expect(assignTeams(m.all.map((t) => ({ ...t, samples: 2 })))).toBeNull();
  });
});

describe('two similar squads', () => {
  it('tells them apart by the dimensions that separate them, not by the ones that only scatter', () => {
    // Two white kits: their shirts' lightness scatters widely and differs a little (60 against 64); their
    // shorts' b (black 14 against navy -1) scatters little and tells them apart.
    const r = rng(31);
    const u = (s: number) => (r() - 0.5) * 2 * s;
    let id = 5000;
    const squad = (L: number, shortsB: number, dark: number, x0: number) => Array.from({ length: 10 }, (_, i): TrackKit => ({
      id: id++, samples: 40, firstMs: 0, lastMs: 30_000, meanX: x0 + i * 2, meanY: 10 + i * 5, inBoxShare: 0,
      feature: [L + u(8), -7 + u(2), 10 + u(2), 37 + u(3), -4 + u(2), shortsB + u(3), dark * 120 + u(4), 40 + u(4)],
    }));
    const a = squad(60, 14, 0.18, 20);
    const b = squad(64, -1, 0.08, 60);
    // A player of A's squad in a brighter spot: his shirt reads lighter than most of B's.
    const bright: TrackKit = { id: id++, samples: 40, firstMs: 0, lastMs: 30_000, meanX: 40, meanY: 30, inBoxShare: 0, feature: [70, -7, 10, 37, -4, 8.5, 0.13 * 120, 40] };
    const model = assignTeams([...a, ...b, bright]);
    expect(model).not.toBeNull();
    const teamA = model!.labels.get(a[0]!.id)?.team;
    for (const t of a) expect(model!.labels.get(t.id)?.team).toBe(teamA);
    expect(model!.labels.get(bright.id)).toEqual({ role: 'player', team: teamA });
  });
});

describe('kit sample of a box', () => {
  it('averages the foreground in the shirt band and counts dark and bright pixels', () => {
    const w = 20;
    const h = 40;
    const rgb = new Uint8Array(w * h * 3);
    const mask = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const inBody = x >= 6 && x < 14;
        // Grass around, a red shirt above the waist, black shorts below: only the body is foreground.
        const c = !inBody ? [70, 135, 55] : y < 20 ? [200, 20, 30] : [15, 15, 15];
        rgb.set(c, i * 3);
        mask[i] = inBody ? 1 : 0;
      }
    }
    const s = kitSample(rgb, mask, w, [4, 0, 16, 40])!;
    const red = rgbToLab(200, 20, 30);
    expect(s.shirt[0]).toBeCloseTo(red[0], 5);
    expect(s.shirt[1]).toBeCloseTo(red[1], 5);
    expect(s.bright).toBe(0);
    expect(s.shorts![0]).toBeLessThan(10);
    expect(s.pixels).toBeGreaterThan(20);
    // A box with no foreground gives no sample.
    expect(kitSample(rgb, new Uint8Array(w * h), w, [4, 0, 16, 40])).toBeNull();
  });
});

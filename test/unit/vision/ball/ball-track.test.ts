import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../engine/geometry/camera.js';
import type { BallCandidate } from '../../../../engine/vision/ball/ball-candidates.js';
import { BallCandidateLog, ballTrack, type BallFrameInput } from '../../../../engine/vision/ball/ball-track.js';
import { ballCandidate, broadcastCamera, dist, netPeakAt as peakAt, rng } from './synthetic.js';

const G = 9.81;

/** A scene: the ball's lowest point per frame (null: hidden) and any other candidates per frame. */
function scene(frames: number, ball: (f: number) => [number, number, number] | null, others: (f: number, cam: Camera) => (BallCandidate | null)[] = () => [], seed = 1): BallFrameInput[] {
  const rand = rng(seed);
  const out: BallFrameInput[] = [];
  for (let f = 0; f < frames; f++) {
    // The operator pans slowly: candidates move in the picture even where nothing moves on the pitch.
    const camera = broadcastCamera({ pan: -0.1 + 0.0008 * f });
    const b = ball(f);
    const candidates = [b ? ballCandidate(camera, b[0], b[1], b[2], { noise: 0.3, rand }) : null, ...others(f, camera)].filter((c): c is BallCandidate => c !== null);
    out.push({ camera, candidates });
  }
  return out;
}

describe('ballTrack', () => {
  it('places a lofted pass on its parabola, where the ground under its rays is metres off', () => {
    // Rolling for 1 s, 2 s in the air (apex 4.9 m), rolling again.
    const at = (f: number): [number, number, number] => {
      const t = f * 0.04;
      if (t < 1) return [30 + 6 * t, 25, 0];
      if (t < 3) {
        const s = t - 1;
        return [36 + 14 * s, 25 + 6 * s, G * s - (G * s * s) / 2];
      }
      return [64 + 5 * (t - 3), 37 + 2 * (t - 3), 0];
    };
    const frames = scene(100, at);
    const apexCandidate = frames[50]?.candidates[0] as BallCandidate;
    expect(Math.hypot(apexCandidate.x - at(50)[0], apexCandidate.y - at(50)[1])).toBeGreaterThan(6);
    const track = ballTrack(frames);
    for (let f = 0; f < 100; f++) expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(f >= 25 && f < 75 ? 1 : 0.5);
    expect(track.slice(30, 70).every((p) => p?.how === 'flight')).toBe(true);
    expect(track[50]?.z).toBeGreaterThan(4);
    // Rolling stretches stay on the grass.
    expect(track[10]?.how).toBe('seen');
    expect(track[90]?.how).toBe('seen');
  });

  it('leaves out a bright spot that stays put on the pitch while the ball is in play', () => {
    // The ball runs back and forth across the spot's area and is hidden now and then for a second or more.
    const spot: [number, number] = [60, 30];
    const at = (f: number): [number, number, number] | null => {
      if ((f >= 100 && f < 160) || (f >= 300 && f < 380)) return null;
      const t = f * 0.04;
      return [45 + 15 * Math.sin(t / 3), 28 + 6 * Math.cos(t / 2), 0];
    };
    const frames = scene(600, at, (_f, cam) => [ballCandidate(cam, spot[0], spot[1], 0, { score: 2.2 })]);
    const track = ballTrack(frames);
    for (let f = 0; f < 600; f++) {
      const truth = at(f);
      if (truth) expect(dist(track[f], truth), `frame ${f}`).toBeLessThan(0.5);
      else if (track[f]) expect(track[f]?.how).toBe('bridged');
    }
    // Hidden for 2.4 s and 3.2 s: no rows there, beyond the bridging at the edges.
    expect(track.slice(100, 160).filter((p) => p).length).toBe(0);
    expect(track.slice(300, 380).filter((p) => p).length).toBe(0);
  });

  it('leaves out a board letter far from a low static camera, whose ground point flickers by metres', () => {
    // A club's camera 8 m up beside the halfway line (the real SoccerTrack one, lens straightened): at
    // the far boards a picture row spans about 2 m of ground, so a letter flickering by half a pixel
    // jumps a metre: never still within 0.3 m. The ball plays near the camera, then leaves the view for
    // 12 s; the letter shows throughout.
    const camera: Camera = { x: 50.9, y: -15.3, z: 7.9, pan: -0.576, tilt: 0.115, roll: 0.1, focal: 433, width: 640, height: 360, k1: 0 };
    const rand = rng(3);
    const letter: [number, number] = [22, 70.5];
    const at = (f: number): [number, number, number] | null => (f < 100 || f >= 400 ? [35 + 4 * Math.sin(f / 30), 20 + 3 * Math.cos(f / 40), 0] : null);
    const frames: BallFrameInput[] = [];
    for (let f = 0; f < 500; f++) {
      const b = at(f);
      const candidates = [b ? ballCandidate(camera, ...b, { noise: 0.2, rand }) : null, ballCandidate(camera, ...letter, 0, { noise: 0.5, rand, score: 2.1 })]
        .filter((c): c is BallCandidate => c !== null);
      frames.push({ camera, candidates });
    }
    const spread = frames.map((fr) => fr.candidates.at(-1)!.y);
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(1);
    const track = ballTrack(frames);
    expect(track.filter((p) => dist(p, letter) < 3).length).toBe(0);
    expect(track.slice(0, 100).filter((p, k) => dist(p, at(k)!) < 0.5).length).toBe(100);
  });

  it('does not follow players\' feet for seconds on end while the ball is out of view, but keeps a dribble', () => {
    // A static camera shows part of the pitch: the ball rolls out of view for 12 s while two players jog
    // about in it, the white of their socks showing as clusters at their feet. Later a dribbler carries
    // the ball for 3 s, seen only as a cluster at his feet, between two clear sightings.
    const ballAt = (f: number): [number, number, number] => (f < 400 ? [30 + 0.2 * f, 25, 0] : [40 + 0.1 * (f - 400), 25, 0]);
    const jogger = (f: number, k: number): [number, number, number] => [40 + 8 * Math.sin(f / 60 + k), 20 + 10 * k + 4 * Math.cos(f / 45), 0];
    const frames = scene(700, (f) => (f < 50 || (f >= 400 && f < 450) || (f >= 525 && f < 700) ? ballAt(f) : null), (f, cam) => [
      ...(f >= 50 && f < 400 ? [0, 1].map((k) => ballCandidate(cam, ...jogger(f, k), { kind: 'feet', score: 0.3 })) : []),
      f >= 450 && f < 525 ? ballCandidate(cam, ...ballAt(f), { kind: 'feet', score: 0.3 }) : null,
    ]);
    const track = ballTrack(frames);
    expect(track.slice(60, 390).filter((p) => p).length).toBe(0);
    expect(track.slice(450, 525).filter((p, k) => dist(p, ballAt(450 + k)) < 0.6).length).toBe(75);
  });

  it('bridges a ball hidden for a moment, not one gone for longer than half a second', () => {
    const at = (f: number): [number, number, number] => [20 + 0.3 * f, 40 - 0.1 * f, 0];
    const hidden = (f: number) => (f > 40 && f <= 48) || (f > 100 && f <= 140);
    const frames = scene(180, (f) => (hidden(f) ? null : at(f)));
    const track = ballTrack(frames);
    for (let f = 41; f <= 48; f++) {
      expect(track[f]?.how).toBe('bridged');
      expect(dist(track[f], at(f))).toBeLessThan(0.4);
    }
    for (let f = 101; f <= 140; f++) expect(track[f]).toBeNull();
    expect(track[100]?.how).toBe('seen');
    expect(track[141]?.how).toBe('seen');
  });

  it('chooses with hindsight: a brighter speck that leads nowhere loses to the ball seen moving for seconds', () => {
    const at = (f: number): [number, number, number] => [50 + 0.4 * f, 20 + 0.1 * f, 0];
    // For the first 12 frames a speck (someone's white boot) outscores the ball, then it is gone.
    const frames = scene(80, at, (f, cam) => (f < 12 ? [ballCandidate(cam, 40 + 0.05 * f, 30, 0, { score: 2 })] : []));
    const track = ballTrack(frames);
    for (let f = 0; f < 80; f++) expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(0.5);
  });

  it('prefers the ball to clusters at the feet of a player who runs beside it', () => {
    const at = (f: number): [number, number, number] => [30 + 0.5 * f, 30, 0];
    const frames = scene(62, (f) => (f % 7 === 3 ? null : at(f)), (f, cam) => [ballCandidate(cam, 31 + 0.5 * f, 32, 0, { score: 0.3, kind: 'feet' })]);
    const track = ballTrack(frames);
    for (let f = 0; f < 62; f++) expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(0.5);
  });

  it('stays with a ball at a player\'s feet rather than follow the painted line showing between a referee\'s legs', () => {
    // Rolling, then 3.2 s at a carrier's feet (white clusters there in two frames of three), while a
    // referee walks along the halfway line 8 m away and the line shows between his legs in every frame.
    const at = (f: number): [number, number, number] => (f < 20 ? [36 + 0.4 * f, 20, 0] : [44 + 0.1 * (f - 20), 20 + 0.05 * (f - 20), 0]);
    const frames = scene(100, (f) => (f < 20 ? at(f) : null), (f, cam) => [
      f >= 20 && f % 3 !== 0 ? ballCandidate(cam, ...at(f), { kind: 'feet', score: 0.3 }) : null,
      f >= 20 ? ballCandidate(cam, 52.5, 24 + 0.04 * f, 0, { kind: 'feet', score: 0.3 }) : null,
    ]);
    const track = ballTrack(frames);
    for (let f = 20; f < 100; f++) if (track[f]) expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(0.6);
    expect(track.filter((p, f) => f >= 20 && p && dist(p, at(f)) < 0.6).length).toBeGreaterThan(70);
  });

  it('keeps a ball placed on a painted line for a restart, still at the kicker\'s feet', () => {
    // A goal kick: the ball lies on the goal area's edge for 3 s with the keeper over it, while someone's
    // boots show a white cluster, in two frames of three, as he jogs across the area.
    const spot: [number, number, number] = [5.5, 28, 0];
    const frames = scene(80, () => null, (f, cam) => [
      ballCandidate(cam, ...spot, { kind: 'feet', score: 0.3 }),
      f % 3 !== 0 ? ballCandidate(cam, 12 + 0.05 * f, 22, 0, { kind: 'feet', score: 0.3 }) : null,
    ]);
    const track = ballTrack(frames);
    expect(track.filter((p) => dist(p, spot) < 0.3).length).toBeGreaterThan(70);
  });

  it('stays with a ball played at a player\'s feet rather than jump to a brighter speck across the pitch', () => {
    // Rolling, then 1.2 s among a player's feet (only white clusters there), then rolling on.
    const at = (f: number): [number, number, number] => (f < 40 ? [30 + 0.4 * f, 30, 0] : f < 70 ? [46 + 0.1 * (f - 40), 30 + 0.05 * (f - 40), 0] : [49 + 0.4 * (f - 70), 31.5, 0]);
    const frames = scene(100, (f) => (f >= 40 && f < 70 ? null : at(f)), (f, cam) => [
      f >= 40 && f < 70 ? ballCandidate(cam, ...at(f), { kind: 'feet', score: 0.3 }) : null,
      // Someone's white boot, 20 m away, brighter than any ball for most of that time.
      f >= 42 && f < 66 ? ballCandidate(cam, 60, 45 + 0.02 * f, 0, { score: 2.4 }) : null,
    ]);
    const track = ballTrack(frames);
    for (let f = 0; f < 100; f++) expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(0.6);
  });

  it('carries a flight back to the kick hidden behind the kicker, between the last sighting on the grass and the first in the air', () => {
    const kick = 20;
    const at = (f: number): [number, number, number] => {
      const s = (f - kick) * 0.04;
      return f < kick ? [30 + 0.05 * f, 25, 0] : [31 + 12 * s, 25 + 7 * s, Math.max(0, 9 * s - (G * s * s) / 2)];
    };
    // The first 6 frames of the flight are hidden.
    const frames = scene(80, (f) => (f >= kick && f < kick + 6 ? null : at(f)));
    const track = ballTrack(frames);
    for (let f = kick + 1; f < kick + 6; f++) {
      expect(track[f]?.how, `frame ${f}`).toBe('flight');
      expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(1);
    }
    for (let f = kick + 6; f < 75; f++) expect(dist(track[f], at(f)), `frame ${f}`).toBeLessThan(1);
  });

  it('follows a lofted ball up from the kicker, whose feet run on, and carries it to its landing while it is lost from view', () => {
    const kick = 20;
    const ballAt = (f: number): [number, number, number] => {
      const s = (f - kick) * 0.04;
      if (f < kick) return [30 + 0.16 * f, 25, 0];
      const t = Math.min(s, 2.4);
      return [33.2 + 12 * t, 25 + 4 * t, Math.max(0, 11.8 * t - (G * t * t) / 2)];
    };
    // The kicker carries the ball (a cluster at his feet), kicks it and runs on. The rising ball is seen
    // as a faint blob for 18 frames, then not at all (against the stands) until it has landed.
    const kicker = (f: number): [number, number, number] => [30 + 0.16 * f, 25.4, 0];
    const seen = (f: number) => (f >= kick + 2 && f < kick + 20) || f >= kick + 62;
    const frames = scene(110, (f) => (f >= kick && seen(f) ? ballAt(f) : null), (f, cam) => [ballCandidate(cam, ...kicker(f), { kind: 'feet', score: 0.3 })]);
    for (const fr of frames.slice(kick + 2, kick + 20)) (fr.candidates[0] as BallCandidate).score = 0.8;
    const track = ballTrack(frames);
    // 18 sightings of 0.3 px jitter leave the depth along the rays a metre or so uncertain.
    for (let f = kick + 4; f < kick + 20; f++) {
      expect(track[f]?.how, `frame ${f}`).toBe('flight');
      expect(dist(track[f], ballAt(f)), `frame ${f}`).toBeLessThan(1.5);
    }
    // Carried on its parabola (2 s at most), not left on the kicker's feet.
    for (let f = kick + 20; f < kick + 58; f++) {
      expect(track[f]?.how, `frame ${f}`).toBe('flight');
      expect(dist(track[f], ballAt(f)), `frame ${f}`).toBeLessThan(1.5);
    }
  });

  it('takes the ball up again where it lies nearly still, not on at the speed of a jump to something else', () => {
    // A keeper walks the ball back from the corner flag; for 1.2 s he hides it, and the path jumps to the
    // touchline showing between an assistant referee's legs 2.5 m away (clusters a few decimetres apart, so
    // they never count as moving along the line). When the ball shows again, a path that carried the
    // jump's speed on would zig-zag between the two and lose the ball; the ball may stop at any moment.
    const at = (f: number): [number, number, number] => [104.5 - 0.012 * f, 2.8 - 0.005 * f, 0];
    const frames = scene(200, (f) => (f >= 40 && f < 70 ? null : at(f)), (f, cam) =>
      [0, 0.25, 0.5, 0.75].map((dx) => (f >= 30 ? ballCandidate(cam, 102 - 0.01 * (f - 30) - dx, 0, 0, { kind: 'feet', score: 0.3 }) : null)),
    );
    const track = ballTrack(frames);
    const onBall = (from: number, to: number) => track.slice(from, to).filter((p, k) => dist(p, at(from + k)) < 0.5).length;
    expect(onBall(0, 40)).toBe(40);
    expect(onBall(75, 200)).toBe(125);
  });

  it('stays with a ball at a dribbler\'s feet rather than a board letter lying still beyond the touchline', () => {
    // The ball rolls to a dribbler by the far touchline, then only white clusters at his feet show it
    // (two frames of three) while a white letter on a board 2.5 m beyond the line shows for 2.3 s, too
    // briefly to count as a fixture. A stopped-ball link into the letter would hold the path there.
    const at = (f: number): [number, number, number] => (f < 15 ? [12 - 0.15 * f, 56 + 0.05 * f, 0] : [9.75 - 0.06 * (f - 15), 56.75 + 0.08 * (f - 15), 0]);
    const frames: BallFrameInput[] = [];
    for (let f = 0; f < 120; f++) {
      const camera = broadcastCamera({ pan: -0.5 + 0.0008 * f });
      const candidates = [
        f < 15 ? ballCandidate(camera, ...at(f)) : f % 3 !== 0 ? ballCandidate(camera, ...at(f), { kind: 'feet', score: 0.3 }) : null,
        f >= 17 && f < 75 ? ballCandidate(camera, 2, 70.5, 0, { score: 2.1 }) : null,
        f >= 80 ? ballCandidate(camera, ...at(f)) : null,
      ].filter((c): c is BallCandidate => c !== null);
      frames.push({ camera, candidates });
    }
    const track = ballTrack(frames);
    expect(track.filter((p) => dist(p, [2, 70.5]) < 0.6).length).toBe(0);
    expect(track.slice(15, 80).filter((p, k) => dist(p, at(15 + k)) < 0.6).length).toBe(65);
  });

  it('pins a short stretch of a flight seen end-on to the grass at the kick next to it', () => {
    // Kicked away from the camera and lost after about half a second in the air: from so few sightings
    // nearly along the rays, height and depth trade off (apexes came out 1.0-1.2 m off unpinned).
    for (const [vx, vy, vz, seen, seed] of [[1, 12, 7, 14, 1], [1, 10, 6, 13, 3]] as const) {
      const kick = 20;
      const at = (f: number): [number, number, number] => {
        if (f < kick) return [40 + 0.05 * f, 20, 0];
        const s = (f - kick) * 0.04;
        return [41 + vx * s, 20 + vy * s, Math.max(0, vz * s - (G * s * s) / 2)];
      };
      const apexes: number[] = [];
      ballTrack(scene(60, (f) => (f < kick + seen ? at(f) : null), undefined, seed), { onFlight: (fl) => apexes.push(fl.apex) });
      expect(apexes.length).toBe(1);
      expect(Math.abs((apexes[0] as number) - (vz * vz) / (2 * G))).toBeLessThan(0.6);
    }
  });

  it('the candidate log gives what ballTrack gives, and nothing for frames without a camera', () => {
    const at = (f: number): [number, number, number] => [60 - 0.2 * f, 10 + 0.3 * f, 0];
    const frames = scene(50, at);
    const log = new BallCandidateLog();
    frames.forEach((f, i) => log.push(i >= 20 && i < 25 ? null : f.camera, f.candidates));
    const track = log.track();
    expect(log.frames).toBe(50);
    expect(track.length).toBe(50);
    // The frames without a camera are bridged between the sightings around them.
    for (let f = 20; f < 25; f++) expect(track[f]?.how).toBe('bridged');
    const direct = ballTrack(frames);
    expect(track[10]?.x).toBeCloseTo(direct[10]?.x ?? NaN, 3);
  });
});

describe('ballTrack with the ball detector\'s peaks', () => {
  it('keeps a ball the network is sure of lying still for a restart, and drops a weak peak that lies still as long', () => {
    // 12 s: the ball lies for a goal kick for 8 s, then is kicked along the ground.
    const at = (f: number): [number, number] => (f < 200 ? [6, 30] : [6 + 0.5 * (f - 200), 30 + 0.1 * (f - 200)]);
    const frames = (score: number): BallFrameInput[] => Array.from({ length: 300 }, (_, f) => {
      const camera = broadcastCamera({ pan: -0.1 + 0.0008 * f, x: 20 });
      const c = peakAt(camera, ...at(f), f < 200 ? score : 0.9);
      return { camera, candidates: c ? [c] : [] };
    });
    const sure = ballTrack(frames(0.8));
    expect(sure.slice(0, 200).filter((p) => dist(p, at(0)) < 0.5).length).toBe(200);
    const weak = ballTrack(frames(0.3));
    expect(weak.slice(0, 150).filter((p) => p).length).toBe(0);
    expect(weak.slice(220, 300).every((p, k) => dist(p, at(220 + k)) < 0.5)).toBe(true);
  });

  it('never takes a spare ball lying still beside the touchline, however sure the network is of it', () => {
    // 12 s: the match ball is played for 4 s, then out of the picture; a spare ball lies 3 m beyond the
    // near touchline throughout, a sure peak in every frame.
    const spare: [number, number] = [40, -3];
    const ball = (f: number): [number, number] => [30 + 0.3 * f, 40 - 0.05 * f];
    const frames = Array.from({ length: 300 }, (_, f): BallFrameInput => {
      const camera = broadcastCamera({ pan: -0.1 + 0.0008 * f, x: 20 });
      const peaks = [peakAt(camera, ...spare, 0.9), f < 100 ? peakAt(camera, ...ball(f), 0.9) : null].filter((c): c is BallCandidate => c !== null);
      return { camera, candidates: peaks };
    });
    expect(frames[150]?.candidates.length).toBe(1);
    const track = ballTrack(frames);
    expect(track.slice(0, 100).every((p, f) => dist(p, ball(f)) < 0.5)).toBe(true);
    expect(track.filter((p) => dist(p, spare) < 2).length).toBe(0);
  });

  it('takes revised frames\' candidates to the ground through the camera that stands for them', () => {
    // The ball rolls across 60 frames; the first 30 were logged with a camera 3 degrees off in pan
    // (before a still camera's principal point was found), then revised to the true one.
    const truthCam = broadcastCamera({ x: 20 });
    const wrongCam = broadcastCamera({ x: 20, pan: 3 * Math.PI / 180 });
    const ball = (f: number): [number, number] => [30 + 0.2 * f, 30];
    const log = new BallCandidateLog();
    for (let f = 0; f < 60; f++) {
      const c = peakAt(truthCam, ...ball(f), 0.9) as BallCandidate;
      // The frame pass's candidate: its picture position, and a ground point metres off through the wrong camera.
      log.push(f < 30 ? wrongCam : truthCam, [f < 30 ? { ...c, x: c.x + 5, y: c.y + 5 } : c]);
    }
    const before = log.track();
    expect(dist(before[10], ball(10))).toBeGreaterThan(1);
    log.revise(0, 30, truthCam);
    const after = log.track();
    for (let f = 0; f < 60; f++) expect(dist(after[f], ball(f)), `frame ${f}`).toBeLessThan(0.3);
  });
});


"""Trains the ball verifier (see README.md): a small network that looks again at a patch around each of the
ball detector's peaks and says how likely it is the ball.

    /usr/bin/python3 models/ball-verifier/train.py --data DIR --peaks DIR/peaks.jsonl [--minutes 15] [--out models/ball-verifier]

DIR is the ball detector's recipe (make-data.ts), peaks.jsonl what mine.py found on it with the shipped
detector. The detector runs densely, so every cell of it gets the same few operations; the verifier
spends more on the four places that matter (a cascade, as in Viola and Jones 2001 and two-stage
detectors). Learned from: the detector's peaks on the training frames (a peak on the ball is a ball, one
farther than 2% of the width is not, one between is not taught) and a patch centred on every labelled
ball, a little shifted, so balls the detector misses are taught too.

Scored as the detector's card scores (metrics.json): on whole frames never trained on, the frame's best
candidate (the peaks at or above 0.1, at most four, as the engine takes them) against the labelled
centre; the best by the verifier's score, by the detector's, and by the two combined.
"""
import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'ball-detector'))
import train as detector  # noqa: E402

PATCH = 32
FRAMES = detector.FRAMES
ENGINE_FLOOR = 0.1
ENGINE_PEAKS = 4


class VerifierNet(nn.Module):
    """9 x 32 x 32 (the patch in the frame and the two before it) -> one logit: the ball or not."""

    def __init__(self, widths=(32, 48, 64, 96)):
        super().__init__()
        a, b, c, d = widths
        cbr, res = detector.cbr, detector.Res
        self.body = nn.Sequential(cbr(3 * FRAMES, a), res(a), cbr(a, b, 2), res(b), cbr(b, c, 2), res(c), cbr(c, d, 2), res(d))
        self.head = nn.Linear(d, 1)

    def forward(self, x):
        f = self.body(x - 0.5)
        return self.head(f.mean(dim=(2, 3)))[:, 0]


class BytesIn(nn.Module):
    """The exported graph's input as the engine holds it: N patches, each the frame and the two before it as
    packed RGB bytes (FRAMES x PATCH x PATCH x 3), newest first."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, patches):
        n = patches.shape[0]
        x = patches.permute(0, 1, 4, 2, 3).float() * (1.0 / 255.0)
        return torch.sigmoid(self.net(x.reshape(n, 3 * FRAMES, PATCH, PATCH)))


def export(model, path):
    torch.onnx.export(BytesIn(model.to('cpu').eval()), torch.zeros(4, FRAMES, PATCH, PATCH, 3, dtype=torch.uint8), path, input_names=['patches'],
                      output_names=['ball'], opset_version=17, dynamic_axes={'patches': {0: 'n'}, 'ball': {0: 'n'}})


def patch_side(width):
    """The side of the square the verifier looks at: the same share of the picture's width at any working
    size (32 px at 640), so a ball is about as large in the patch in a 1280-wide picture as in a 640-wide one."""
    return max(8, round(PATCH * width / 640))


def resample(p, size=PATCH):
    """A C x S x S patch to C x size x size: each output pixel the mean of the source pixels its footprint
    starts in (at least one), as `cutPatches` in the engine does."""
    s = p.shape[-1]
    if s == size:
        return p
    return averaging(s, size) @ p @ averaging(s, size).T


_AVERAGING = {}


def averaging(s, size):
    """The size x s matrix whose row i averages source pixels floor(i f) to max(that + 1, floor((i + 1) f)), f = s / size."""
    if (s, size) not in _AVERAGING:
        f = s / size
        a = torch.zeros(size, s)
        for i in range(size):
            lo = math.floor(i * f)
            hi = max(lo + 1, math.floor((i + 1) * f))
            a[i, lo:hi] = 1.0 / (hi - lo)
        _AVERAGING[(s, size)] = a
    return _AVERAGING[(s, size)]


def patch_of(raw, frames, run, u, v, size=PATCH):
    """The size x size patch centred on (u, v) of each frame in run, zero beyond the picture: FRAMES*3 x size x size, 0-1."""
    fr = frames[run[0]]
    h, w = fr['height'], fr['width']
    x0, y0 = math.floor(u + 0.5) - size // 2, math.floor(v + 0.5) - size // 2
    out = np.zeros((len(run), size, size, 3), np.uint8)
    sx0, sy0, sx1, sy1 = max(0, x0), max(0, y0), min(w, x0 + size), min(h, y0 + size)
    if sx1 > sx0 and sy1 > sy0:
        for i, j in enumerate(run):
            out[i, sy0 - y0:sy1 - y0, sx0 - x0:sx1 - x0] = detector.image_of(raw, frames[j])[sy0:sy1, sx0:sx1]
    return torch.from_numpy(out).permute(0, 3, 1, 2).reshape(len(run) * 3, size, size).float().div_(255)


def run_of(frames, by_key, k, still):
    return [k] * FRAMES if still else detector.history(frames, by_key, k)


def examples(frames, peaks, ks):
    """(frame, u, v, label, from_label) to learn from: the detector's peaks (1 on the ball, 0 far from it)
    and each visible labelled ball's own centre."""
    out = []
    for k in ks:
        fr = frames[k]
        ball = fr['ball']
        for u, v, _ in peaks[k]:
            if ball is None:
                out.append((k, u, v, 0, False))
                continue
            d = math.hypot(u - ball['u'], v - ball['v'])
            if d > 0.02 * fr['width']:
                out.append((k, u, v, 0, False))
            elif d <= max(4.0, ball['d']) and not ball['hidden']:
                out.append((k, u, v, 1, False))
        if ball is not None and not ball['hidden']:
            out.append((k, ball['u'], ball['v'], 1, True))
    return out


def batch_of(frames, raw, by_key, ex, picks, rng, gen, still_share, zoom=None):
    xs, ys = [], []
    for i in picks:
        k, u, v, label, from_label = ex[i]
        fr = frames[k]
        still = fr['source'] == 'real' or rng.random() < still_share
        jitter = 3.0 if from_label else 1.5
        side = patch_side(fr['width'])
        if zoom and rng.random() < 0.5:
            # Balls larger than the training frames show (close-ups) and smaller (wide views).
            side = max(8, round(side / math.exp(rng.uniform(math.log(zoom[0]), math.log(zoom[1])))))
        p = resample(patch_of(raw, frames, run_of(frames, by_key, k, still), u + rng.uniform(-jitter, jitter), v + rng.uniform(-jitter, jitter), side))
        if rng.random() < 0.5:
            p = torch.flip(p, dims=[2])
        xs.append(p)
        ys.append(label)
    x = detector.colour_jitter(torch.stack(xs), gen)
    return x, torch.tensor(ys, dtype=torch.float32)


def score_frames(model, frames, raw, by_key, peaks, ks, still, taken=ENGINE_PEAKS):
    """Per frame: the candidates the engine would take, each (detector score, verifier score, distance to
    the labelled centre in widths or None), and whether the frame has a ball."""
    rows = []
    with torch.no_grad():
        for k in ks:
            fr = frames[k]
            cands = [p for p in peaks[k] if p[2] >= ENGINE_FLOOR][:taken]
            ball = fr['ball']
            if cands:
                run = run_of(frames, by_key, k, still)
                side = patch_side(fr['width'])
                ver = torch.sigmoid(model(torch.stack([resample(patch_of(raw, frames, run, u, v, side)) for u, v, _ in cands]))).tolist()
            else:
                ver = []
            rows.append(([(s, q, math.hypot(u - ball['u'], v - ball['v']) / fr['width'] if ball else None) for (u, v, s), q in zip(cands, ver)], ball is not None))
    return rows


COMBINE = {
    'detector': lambda s, q: s,
    'verifier': lambda s, q: q,
    'product': lambda s, q: math.sqrt(s * q),
}


def best_rows(rows, how):
    """The frame's best candidate by `how`, as the detector card's rows: (score, distance, has a ball)."""
    out = []
    for cands, has_ball in rows:
        if not cands:
            out.append((0.0, None, has_ball))
            continue
        scored = [(COMBINE[how](s, q), d) for s, q, d in cands]
        best = max(scored, key=lambda c: c[0])
        out.append((best[0], best[1], has_ball))
    return out


def report(model, frames, raw, by_key, peaks, taken=ENGINE_PEAKS):
    model.eval()
    sets = {
        'real_valid': [k for k, f in enumerate(frames) if f['source'] == 'real' and f['split'] == 'valid'],
        'real_held_out': [k for k, f in enumerate(frames) if f['source'] == 'real' and f['split'] == 'held-out'],
        'rendered_valid': [k for k, f in enumerate(frames) if f['source'] == 'sim' and f['split'] == 'valid' and not (f['ball'] and f['ball']['hidden'])][::5],
    }
    rows = {n: score_frames(model, frames, raw, by_key, peaks, ks, still=n.startswith('real'), taken=taken) for n, ks in sets.items()}
    model.train()
    result = {}
    for how in COMBINE:
        best = {n: best_rows(r, how) for n, r in rows.items()}
        t = detector.pick_threshold(best['real_valid'])
        result[how] = {'threshold': t, **{n: detector.at_threshold(b, t) for n, b in best.items()},
                       'curves': {n: detector.curve(b, 0.02) for n, b in best.items()}}
    reach = {n: round(sum(1 for c, _ in r if any(d is not None and d <= 0.02 for _, _, d in c)) / max(1, sum(1 for _, b in r if b)), 4) for n, r in rows.items()}
    result['a_candidate_is_the_ball'] = reach
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--peaks', required=True)
    ap.add_argument('--minutes', type=float, default=15)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--real-share', type=float, default=0.5)
    ap.add_argument('--still-share', type=float, default=0.25)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument('--evaluate', help='weights to score and export, without training')
    ap.add_argument('--zoom', type=float, nargs=2, help='half the patches shown enlarged by a factor in this range (log-uniform; below 1 shrunk)')
    ap.add_argument('--taken', type=int, default=ENGINE_PEAKS, help="the detector's peaks the verifier judges in each frame")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    frames, raw, by_key = detector.load(args.data)
    peaks = [json.loads(l) for l in open(args.peaks) if l.strip()]
    if len(peaks) != len(frames):
        raise SystemExit(f'{args.peaks} has {len(peaks)} frames, the recipe {len(frames)}: mine it again')
    model = VerifierNet()
    os.makedirs(args.out, exist_ok=True)
    facts = {}
    if args.evaluate:
        model.load_state_dict(torch.load(args.evaluate, map_location='cpu'))
        facts['weights'] = args.evaluate
    else:
        real = examples(frames, peaks, [k for k, f in enumerate(frames) if f['split'] == 'train' and f['source'] == 'real'])
        sim = examples(frames, peaks, [k for k, f in enumerate(frames) if f['split'] == 'train' and f['source'] == 'sim'])
        ex = real + sim
        print(f'examples: real {len(real)} ({sum(e[3] for e in real)} balls), rendered {len(sim)} ({sum(e[3] for e in sim)} balls)', flush=True)
        print('parameters', sum(p.numel() for p in model.parameters()), flush=True)
        opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
        budget = args.minutes * 60
        start = time.time()
        step = 0
        avg = 0.0
        while time.time() - start < budget:
            frac = (time.time() - start) / budget
            for g in opt.param_groups:
                g['lr'] = args.lr * min(1.0, (step + 1) / 100) * 0.5 * (1 + math.cos(math.pi * frac))
            picks = [rng.randrange(len(real)) if rng.random() < args.real_share else len(real) + rng.randrange(len(sim)) for _ in range(args.batch)]
            x, y = batch_of(frames, raw, by_key, ex, picks, rng, gen, args.still_share, args.zoom)
            loss = F.binary_cross_entropy_with_logits(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            step += 1
            avg = 0.98 * avg + 0.02 * loss.item()
            if step % 200 == 0:
                print(f'step {step} {(time.time() - start) / 60:.1f} min loss {avg:.3f}', flush=True)
        facts = {'steps': step, 'batch': args.batch, 'minutes': round((time.time() - start) / 60, 1), 'examples': {'real': len(real), 'rendered': len(sim)}}
        torch.save(model.state_dict(), os.path.join(args.out, 'ball-verifier.pt'))
    result = report(model, frames, raw, by_key, peaks, args.taken)
    for how in COMBINE:
        r = result[how]
        print(how, r['threshold'], json.dumps({n: r[n] for n in ('real_valid', 'real_held_out', 'rendered_valid')}), flush=True)
    print('a candidate is the ball', json.dumps(result['a_candidate_is_the_ball']), flush=True)
    with open(os.path.join(args.out, 'metrics.json'), 'w') as f:
        json.dump({**facts, **result}, f, indent=1)
    export(model, os.path.join(args.out, 'ball-verifier.onnx'))


if __name__ == '__main__':
    main()

"""Trains the ball detector (see README.md) and exports ball-detector.onnx.

    /usr/bin/python3 models/ball-detector/train.py --data DIR [--minutes 45] [--out models/ball-detector] [--resume FILE.pt]

DIR is the output of the data recipe (make-data.ts): frames.u8 and frames.jsonl. A small fully
convolutional network takes three consecutive pictures (the frame and the two before it: the ball is
what moves; TrackNet and WASB take three) and predicts, on a grid of stride 4, a heatmap of the ball's
centre and the centre's offset in its cell (CenterNet's idea, Zhou et al. 2019). Real stills have no
neighbours at 25 FPS: they are given as the same picture three times, and so is a share of the renders,
so the network finds a still ball by its looks and a moving one by its looks and its motion. Trained on
random crops for a fixed wall-clock budget on the CPU; deterministic data order for a seed. Writes
metrics.json: on whole held-out frames, the best peak of each frame against the labelled centre.
"""
import argparse
import json
import math
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

STRIDE = 4
CROP_W, CROP_H = 320, 192
FRAMES = 3


def cbr(ci, co, stride=1, k=3):
    return nn.Sequential(nn.Conv2d(ci, co, k, stride, k // 2, bias=False), nn.BatchNorm2d(co), nn.ReLU(inplace=True))


class Res(nn.Module):
    """Depthwise 3x3 then pointwise, with a residual."""

    def __init__(self, c):
        super().__init__()
        self.f = nn.Sequential(nn.Conv2d(c, c, 3, 1, 1, groups=c, bias=False), nn.BatchNorm2d(c), nn.ReLU(inplace=True), cbr(c, c, 1, 1))

    def forward(self, x):
        return x + self.f(x)


class BallNet(nn.Module):
    """Strides 2-16 down, a top-down path back to stride 4, a 1x1 head with 3 channels: the ball-centre
    heatmap logit and the centre's offset in its cell (x, y, through a sigmoid)."""

    def __init__(self, widths=(32, 32, 48, 64)):
        super().__init__()
        stem, c4, c8, c16 = widths
        self.s4 = nn.Sequential(cbr(3 * FRAMES, stem, 2), cbr(stem, c4, 2), Res(c4), Res(c4))
        self.s8 = nn.Sequential(cbr(c4, c8, 2), Res(c8), Res(c8))
        self.s16 = nn.Sequential(cbr(c8, c16, 2), Res(c16), Res(c16), Res(c16))
        self.l8 = cbr(c16, c8, 1, 1)
        self.l4 = cbr(c8, c4, 1, 1)
        self.head = nn.Sequential(Res(c4), cbr(c4, c4, 1, 1), nn.Conv2d(c4, 3, 1))
        self.head[-1].bias.data[0] = -5.0  # one ball per picture: start the heatmap near zero

    def forward(self, x):
        # x: N x 9 x H x W: RGB 0-1 of the frame, the one before and the one before that; H, W multiples of 16.
        f4 = self.s4(x - 0.5)
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        p8 = f8 + F.interpolate(self.l8(f16), scale_factor=2.0, mode='nearest')
        p4 = f4 + F.interpolate(self.l4(p8), scale_factor=2.0, mode='nearest')
        return self.head(p4)


class BytesIn(nn.Module):
    """The exported graph's input as the engine holds it: the frame and the two before it, each packed RGB
    bytes (height x width x 3), stacked newest first. The planes and the 0-1 scale are made inside the
    graph, so the engine copies rows of bytes instead of converting every pixel in JavaScript."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, frames):
        # frames: FRAMES x H x W x 3 uint8 -> 1 x 9 x H x W float (frame-major, RGB within each frame).
        x = frames.permute(0, 3, 1, 2).float() * (1.0 / 255.0)
        return self.net(x.flatten(0, 1).unsqueeze(0))


def export(model, path):
    torch.onnx.export(BytesIn(model.to('cpu').eval()), torch.zeros(FRAMES, 384, 640, 3, dtype=torch.uint8), path, input_names=['frames'], output_names=['grid'],
                      opset_version=17, dynamic_axes={'frames': {1: 'height', 2: 'width'}, 'grid': {2: 'rows', 3: 'columns'}})


def load(data_dir):
    frames = [json.loads(l) for l in open(os.path.join(data_dir, 'frames.jsonl')) if l.strip()]
    raw = np.memmap(os.path.join(data_dir, 'frames.u8'), dtype=np.uint8, mode='r')
    by_key = {(f['group'], f['index']): k for k, f in enumerate(frames)}
    return frames, raw, by_key


def image_of(raw, fr):
    n = fr['width'] * fr['height'] * 3
    return np.asarray(raw[fr['offset']:fr['offset'] + n]).reshape(fr['height'], fr['width'], 3)


def history(frames, by_key, k, step=1):
    """The frame k and the two before it in its run (indices into frames); k itself where a run breaks."""
    out = [k]
    cur = k
    for _ in range(FRAMES - 1):
        fr = frames[cur]
        prev = by_key.get((fr['group'], fr['index'] - step)) if not fr['cut'] else None
        if prev is not None and frames[prev]['width'] == fr['width']:
            cur = prev
        out.append(cur)
    return out


def sigma_of(d_cells):
    return max(0.6, 0.35 * d_cells)


def draw_targets(ball, x0, y0, scale, flip, out_w, out_h):
    """Heat (H x W), counts (H x W, 0 = ignored), offset (2 x H x W) and its mask for a crop."""
    gh, gw = out_h // STRIDE, out_w // STRIDE
    heat = np.zeros((gh, gw), np.float32)
    counts = np.ones((gh, gw), np.float32)
    reg = np.zeros((2, gh, gw), np.float32)
    reg_mask = np.zeros((gh, gw), np.float32)
    if ball is None:
        return heat, counts, reg, reg_mask
    bx = (ball['u'] - x0) * scale
    by = (ball['v'] - y0) * scale
    if flip:
        bx = out_w - bx
    gx, gy = bx / STRIDE, by / STRIDE
    if gx < -2 or gy < -2 or gx > gw + 2 or gy > gh + 2:
        return heat, counts, reg, reg_mask
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32)
    s = sigma_of(ball['d'] * scale / STRIDE)
    g = np.exp(-((xs + 0.5 - gx) ** 2 + (ys + 0.5 - gy) ** 2) / (2 * s * s))
    if ball['hidden']:
        counts[g > 0.05] = 0
        return heat, counts, reg, reg_mask
    heat[:] = g
    ix, iy = int(math.floor(gx)), int(math.floor(gy))
    if 0 <= ix < gw and 0 <= iy < gh:
        heat[iy, ix] = 1.0
        reg[:, iy, ix] = (gx - ix, gy - iy)
        reg_mask[iy, ix] = 1.0
    return heat, counts, reg, reg_mask


def crop_choice(frames, by_key, k, rng, still_share):
    """A random crop of frame k: the frames it shows (k and the two before, or k three times), its region
    (x0, y0, cw, ch) in the frame and whether it is flipped."""
    fr = frames[k]
    ball = fr['ball']
    run = history(frames, by_key, k)
    if fr['source'] == 'real':
        # The 1237 set's neighbours are a few frames apart: real motion and camera turns, larger than at 25 FPS.
        if rng.random() < 0.6:
            run = [k] * FRAMES
    elif rng.random() < still_share:
        run = [k] * FRAMES
    h, w = fr['height'], fr['width']
    scale = rng.uniform(0.75, 1.6)
    cw, ch = min(w, int(CROP_W / scale)), min(h, int(CROP_H / scale))
    if ball and rng.random() < 0.75:
        cx = ball['u'] + rng.uniform(-0.45, 0.45) * cw
        cy = ball['v'] + rng.uniform(-0.45, 0.45) * ch
        x0 = int(min(max(0, cx - cw / 2), w - cw))
        y0 = int(min(max(0, cy - ch / 2), h - ch))
    else:
        x0 = rng.randrange(0, w - cw + 1)
        y0 = rng.randrange(0, h - ch + 1)
    flip = rng.random() < 0.5
    return {'k': k, 'run': run, 'x0': x0, 'y0': y0, 'cw': cw, 'ch': ch, 'flip': flip, 'ball': ball}


def merged_targets(balls, x0, y0, scale, flip, out_w, out_h):
    """draw_targets for several balls in one crop: the highest heat, a cell ignored for any of them."""
    heat, counts, reg, reg_mask = draw_targets(balls[0], x0, y0, scale, flip, out_w, out_h)
    for ball in balls[1:]:
        h2, c2, r2, m2 = draw_targets(ball, x0, y0, scale, flip, out_w, out_h)
        np.maximum(heat, h2, out=heat)
        np.minimum(counts, c2, out=counts)
        reg[:, m2 > 0] = r2[:, m2 > 0]
        np.maximum(reg_mask, m2, out=reg_mask)
    return heat, counts, reg, reg_mask


def sample(frames, raw, by_key, k, rng, still_share, paste=None):
    """One random crop of frame k with the two frames before it (9 x H x W) and its targets; `paste`: the
    PasteBank whose real balls a share of the crops get."""
    c = crop_choice(frames, by_key, k, rng, still_share)
    x0, y0, cw, ch = c['x0'], c['y0'], c['cw'], c['ch']
    pics = []
    for j in c['run']:
        img = image_of(raw, frames[j])
        pics.append(torch.from_numpy(np.ascontiguousarray(img[y0:y0 + ch, x0:x0 + cw])).permute(2, 0, 1))
    crop = torch.cat(pics).float().div_(255)
    balls = [c['ball']]
    if paste and paste.wants(frames[k], rng):
        pasted = paste.paste(crop, len(set(c['run'])) > 1, c['ball'], x0, y0, rng)
        if pasted:
            balls.append(pasted)
    crop = F.interpolate(crop[None], size=(CROP_H, CROP_W), mode='bilinear', align_corners=False)[0]
    if c['flip']:
        crop = torch.flip(crop, dims=[2])
    heat, counts, reg, reg_mask = merged_targets(balls, x0, y0, CROP_W / cw, c['flip'], CROP_W, CROP_H)
    return crop, heat, counts, reg, reg_mask


def colour_jitter(batch, gen):
    """The same change to the three frames of a sample (a change between them would look like motion)."""
    n, c, h, w = batch.shape
    dev = batch.device
    b = batch.view(n, FRAMES, 3, h, w)
    perm = torch.randperm(3, generator=gen, device=dev)
    swap = torch.rand(n, generator=gen, device=dev) < 0.3
    b[swap] = b[swap][:, :, perm]
    grey = torch.rand(n, generator=gen, device=dev) < 0.08
    b[grey] = b[grey].mean(dim=2, keepdim=True).expand(-1, -1, 3, -1, -1)
    bright = 1 + (torch.rand(n, 1, 1, 1, 1, generator=gen, device=dev) - 0.5) * 0.5
    contrast = 1 + (torch.rand(n, 1, 1, 1, 1, generator=gen, device=dev) - 0.5) * 0.5
    mean = b.mean(dim=(1, 2, 3, 4), keepdim=True)
    b = (b - mean) * contrast + mean * bright
    sat = 1 + (torch.rand(n, 1, 1, 1, 1, generator=gen, device=dev) - 0.5) * 0.6
    grey_of = b.mean(dim=2, keepdim=True)
    b = grey_of + (b - grey_of) * sat
    b = b + torch.randn(b.shape, generator=gen, device=dev) * 0.012
    return b.clamp_(0, 1).reshape(n, c, h, w)


def degrade(batch, gen, share):
    """Less detail for a `share` of the samples, the same for their three frames: the picture shrunk by 1.3-2.5
    and enlarged back (a low-resolution broadcast, a screen capture, a heavily compressed stream)."""
    if share <= 0:
        # No draw from the generator either: a run without --degrade sees the augmentations it saw before.
        return batch
    n, c, h, w = batch.shape
    pick = torch.rand(n, generator=gen, device=batch.device) < share
    if not pick.any():
        return batch
    factor = 1.3 + 1.2 * torch.rand(1, generator=gen, device=batch.device).item()
    small = F.interpolate(batch[pick], size=(max(1, round(h / factor)), max(1, round(w / factor))), mode='area')
    out = batch.clone()
    out[pick] = F.interpolate(small, size=(h, w), mode='bilinear', align_corners=False)
    return out


def focal_loss(logit, heat, counts):
    """CenterNet's penalty-reduced focal loss, normalised by the number of balls (at least one)."""
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = (heat >= 1.0).float()
    neg = (1 - pos) * counts
    pos_loss = -torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = -torch.log(1 - p) * p ** 2 * (1 - heat) ** 4 * neg
    return (pos_loss.sum() + neg_loss.sum()) / pos.sum().clamp(min=1.0)


def distil_loss(student, teacher, counts):
    """Knowledge distillation (Hinton et al. 2015) on the heatmap: the student's cells against the
    teacher's scores as soft targets, over the cells that count, a sum per picture. A narrower student
    trained on the labels alone finds the ball among its peaks about as often as the teacher but ranks it
    above look-alikes far less often; the teacher's scores of the look-alikes are what it lacks."""
    target = torch.sigmoid(teacher[:, 0])
    loss = F.binary_cross_entropy_with_logits(student[:, 0], target, reduction='none') * counts
    return loss.sum() / student.shape[0]


def best_peak(out):
    """The strongest cell -> (score, x, y) in input pixels."""
    heat = torch.sigmoid(out[0, 0])
    k = int(torch.argmax(heat))
    y, x = divmod(k, heat.shape[1])
    ox, oy = torch.sigmoid(out[0, 1:3, y, x]).tolist()
    return heat[y, x].item(), (x + ox) * STRIDE, (y + oy) * STRIDE


def whole_input(frames, raw, by_key, k, still):
    run = [k] * FRAMES if still else history(frames, by_key, k)
    x = torch.cat([torch.from_numpy(np.ascontiguousarray(image_of(raw, frames[j]))).permute(2, 0, 1) for j in run]).float().div_(255)
    h, w = x.shape[1:]
    return F.pad(x[None], (0, (32 - w % 32) % 32, 0, (32 - h % 32) % 32))


def score_frames(model, frames, raw, by_key, chosen, still):
    """Per frame: (best peak score, distance to the labelled centre in widths or None, has a ball)."""
    rows = []
    with torch.no_grad():
        for k in chosen:
            fr = frames[k]
            s, x, y = best_peak(model(whole_input(frames, raw, by_key, k, still)))
            b = fr['ball']
            dist = math.hypot(x - b['u'], y - b['v']) / fr['width'] if b else None
            rows.append((s, dist, b is not None))
    return rows


def curve(rows, within):
    """Recall and precision at each threshold: a detection is the frame's best peak at or above it;
    right when within `within` of the frame width of the labelled ball."""
    balls = sum(1 for r in rows if r[2])
    out = []
    for t in [i / 20 for i in range(1, 20)]:
        dets = [r for r in rows if r[0] >= t]
        right = sum(1 for r in dets if r[1] is not None and r[1] <= within)
        out.append({'threshold': t, 'recall': round(right / max(1, balls), 4), 'precision': round(right / max(1, len(dets)), 4)})
    return out


def at_threshold(rows, t):
    balls = sum(1 for r in rows if r[2])
    dets = [r for r in rows if r[0] >= t]
    res = {'frames': len(rows), 'balls': balls, 'detections': len(dets)}
    for name, within in (('2pct', 0.02), ('1pct', 0.01)):
        right = sum(1 for r in dets if r[1] is not None and r[1] <= within)
        res[f'recall_{name}'] = round(right / max(1, balls), 4)
        res[f'precision_{name}'] = round(right / max(1, len(dets)), 4)
    return res


def evaluate(model, frames, raw, by_key, limit=None):
    model.eval()
    sets = {
        'real_valid': [k for k, f in enumerate(frames) if f['source'] == 'real' and f['split'] == 'valid'],
        'real_held_out': [k for k, f in enumerate(frames) if f['source'] == 'real' and f['split'] == 'held-out'],
        'rendered_valid': [k for k, f in enumerate(frames) if f['source'] == 'sim' and f['split'] == 'valid' and not (f['ball'] and f['ball']['hidden'])][::5],
    }
    rows = {}
    for name, ks in sets.items():
        if limit:
            ks = ks[::max(1, len(ks) // limit)]
        rows[name] = score_frames(model, frames, raw, by_key, ks, still=name.startswith('real'))
    model.train()
    return rows


def pick_threshold(rows):
    """The lowest threshold whose precision (2%) on the validation rows reaches 0.9, else 0.5."""
    for c in curve(rows, 0.02):
        if c['precision'] >= 0.9:
            return c['threshold']
    return 0.5


def pick_frames(train_sim, train_real, rng, args):
    """The frames of one batch: a share of them real, the rest rendered."""
    return [rng.choice(train_real if rng.random() < args.real_share else train_sim) for _ in range(args.batch)]


def cpu_batch(frames, raw, by_key, picks, rng, gen, args):
    """The picked frames' random crops as the network sees them (jittered, some degraded) and their targets."""
    batch = [sample(frames, raw, by_key, k, rng, args.still_share, args.paste_bank) for k in picks]
    x = degrade(colour_jitter(torch.stack([b[0] for b in batch]), gen), gen, args.degrade)
    return x, [torch.from_numpy(np.stack([b[j] for b in batch])) for j in range(1, 5)]


def refresh_norms(model, frames, raw, by_key, train_sim, train_real, rng, gen, args, batches=100):
    """Measures the batch-norm statistics of averaged weights again on training crops: the mean of the
    running statistics seen along the way is not the statistics of the mean network (Izmailov et al. 2018)."""
    crops = (cpu_batch(frames, raw, by_key, pick_frames(train_sim, train_real, rng, args), rng, gen, args)[0] for _ in range(batches))
    with torch.no_grad():
        torch.optim.swa_utils.update_bn(crops, model)


def finish(model, frames, raw, by_key, args, facts):
    """Scores the model on the validation and held-out frames there are, exports the ONNX model and
    writes metrics.json and the weights to --out."""
    model = model.to('cpu').eval()
    os.makedirs(args.out, exist_ok=True)
    if any(f['split'] != 'train' for f in frames):
        rows = evaluate(model, frames, raw, by_key)
        threshold = pick_threshold(rows['real_valid'])
        metrics = {n: at_threshold(r, threshold) for n, r in rows.items()}
        curves = {n: curve(r, 0.02) for n, r in rows.items()}
        print('final', threshold, json.dumps(metrics), flush=True)
        with open(os.path.join(args.out, 'metrics.json'), 'w') as f:
            json.dump({**facts, 'threshold': threshold, 'validation': metrics, 'curves': curves}, f, indent=1)
    if not args.no_export:
        export(model, os.path.join(args.out, 'ball-detector.onnx'))
    torch.save(model.state_dict(), os.path.join(args.out, 'ball-detector.pt'))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', help='the recipe make-data.ts wrote (all but --export)')
    ap.add_argument('--minutes', type=float, default=45)
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--real-share', type=float, default=0.5)
    ap.add_argument('--still-share', type=float, default=0.25)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument('--resume', help='weights saved by an earlier run (DIR/ball-detector.pt): train on from them')
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--device', default='cpu', help='cuda on a lent GPU machine: crops are then made a batch at a time there (batched_crops.py)')
    ap.add_argument('--checkpoints', type=float, nargs='*', default=[], help='shares of the budget at which to save the weights too (ckpt-SHARE.pt)')
    ap.add_argument('--evaluate', help='weights to score and export, without training')
    ap.add_argument('--export', help='weights to export as --out/ball-detector.onnx, nothing else (needs no --data)')
    ap.add_argument('--no-export', action='store_true', help='weights only: export the ONNX model later, here, with --evaluate')
    ap.add_argument('--widths', type=int, nargs=4, default=[32, 32, 48, 64], help='channels of the stem and at strides 4, 8 and 16 (the same for --resume and --evaluate)')
    ap.add_argument('--teacher', help='weights of a trained network whose heatmap the new one also learns (distillation)')
    ap.add_argument('--teacher-widths', type=int, nargs=4, default=[32, 32, 48, 64])
    ap.add_argument('--distil', type=float, default=1.0, help="weight of the teacher's heatmap in the loss")
    ap.add_argument('--batched', action='store_true', help='batched crops on the CPU too (to try the GPU path here)')
    ap.add_argument('--degrade', type=float, default=0.0, help='share of the crops shown with less detail (degrade)')
    ap.add_argument('--paste', type=float, default=0.0, help="share of the crops given a real training frame's ball pasted in (ball_paste.py; CPU crops only)")
    ap.add_argument('--paste-into', choices=['all', 'real'], default='all', help="the crops --paste may paste into: all, or the real frames' only")
    ap.add_argument('--average-from', type=float, help='share of the budget from which the learning rate stays as it is and the weights are averaged (the mean is what is scored and saved)')
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    dev = torch.device(args.device)
    gen = torch.Generator(device=dev).manual_seed(args.seed)
    model = BallNet(tuple(args.widths))
    if args.export:
        model.load_state_dict(torch.load(args.export, map_location='cpu'))
        os.makedirs(args.out, exist_ok=True)
        export(model, os.path.join(args.out, 'ball-detector.onnx'))
        return
    if not args.data:
        ap.error('--data is needed to train or --evaluate')
    frames, raw, by_key = load(args.data)
    if args.resume or args.evaluate:
        model.load_state_dict(torch.load(args.evaluate or args.resume, map_location='cpu'))
    if args.evaluate:
        finish(model, frames, raw, by_key, args, {'weights': args.evaluate})
        return
    train_sim = [k for k, f in enumerate(frames) if f['split'] == 'train' and f['source'] == 'sim']
    train_real = [k for k, f in enumerate(frames) if f['split'] == 'train' and f['source'] == 'real']
    print(f'train frames: {len(train_sim)} rendered, {len(train_real)} real', flush=True)
    args.paste_bank = None
    if args.paste > 0:
        if dev.type == 'cuda' or args.batched:
            ap.error('--paste makes its crops on the CPU, one at a time')
        from ball_paste import PasteBank
        args.paste_bank = PasteBank(frames, raw, train_real, image_of, args.paste, args.paste_into)
        print('balls to paste', len(args.paste_bank.patches), flush=True)
    print('parameters', sum(p.numel() for p in model.parameters()), flush=True)
    batched = None
    if dev.type == 'cuda' or args.batched:
        from batched_crops import BatchedCrops
        torch.backends.cudnn.benchmark = True
        batched = BatchedCrops(frames, raw, by_key, train_sim + train_real, dev)
        print('frames on the device', [tuple(s.shape) for s in batched.stacks], flush=True)
    model = model.to(dev)
    teacher = None
    if args.teacher:
        teacher = BallNet(tuple(args.teacher_widths))
        teacher.load_state_dict(torch.load(args.teacher, map_location='cpu'))
        teacher = teacher.to(dev).eval()
        for p in teacher.parameters():
            p.requires_grad_(False)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    os.makedirs(args.out, exist_ok=True)
    budget = args.minutes * 60
    checkpoints = sorted(args.checkpoints)
    averaged = None
    start = time.time()
    step = 0
    log = [0.0, 0.0]
    while True:
        elapsed = time.time() - start
        if elapsed > budget:
            break
        frac = elapsed / budget
        if checkpoints and frac >= checkpoints[0]:
            torch.save(model.state_dict(), os.path.join(args.out, f'ckpt-{checkpoints.pop(0)}.pt'))
        if args.average_from is not None:
            frac = min(frac, args.average_from)
        lr = args.lr * min(1.0, (step + 1) / 200) * 0.5 * (1 + math.cos(math.pi * frac))
        for g in opt.param_groups:
            g['lr'] = lr
        picks = pick_frames(train_sim, train_real, rng, args)
        if batched:
            choices = [batched.choose(k, rng, args.still_share) for k in picks]
            x = degrade(colour_jitter(batched.crops(choices), gen), gen, args.degrade)
            heat, counts, reg, reg_mask = batched.targets(choices)
        else:
            x, (heat, counts, reg, reg_mask) = cpu_batch(frames, raw, by_key, picks, rng, gen, args)
        with torch.autocast(device_type=dev.type, dtype=torch.bfloat16, enabled=dev.type == 'cuda'):
            out = model(x).float()
        hm = focal_loss(out[:, 0], heat, counts)
        off = (torch.abs(torch.sigmoid(out[:, 1:3]) - reg) * reg_mask[:, None]).sum() / reg_mask.sum().clamp(min=1.0)
        loss = hm + off
        if teacher is not None:
            with torch.no_grad():
                taught = teacher(x).float()
            loss = loss + args.distil * distil_loss(out, taught, counts)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if args.average_from is not None and elapsed >= args.average_from * budget:
            if averaged is None:
                averaged = torch.optim.swa_utils.AveragedModel(model)
            averaged.update_parameters(model)
        if step % 50 == 0:
            log = [0.9 * a + 0.1 * b.item() for a, b in zip(log, (hm, off))]
        if step % 200 == 0:
            print(f'step {step} {elapsed / 60:.1f} min lr {lr:.5f} heat {log[0]:.3f} offset {log[1]:.3f}', flush=True)
        if step % 2000 == 0 and dev.type == 'cpu' and any(f['split'] == 'valid' for f in frames):
            rows = evaluate(model, frames, raw, by_key, limit=60)
            print('valid', json.dumps({n: at_threshold(r, 0.3) for n, r in rows.items()}), flush=True)
    minutes = (time.time() - start) / 60
    facts = {}
    if averaged is not None:
        torch.save(model.state_dict(), os.path.join(args.out, 'last.pt'))
        facts = {'averaged_steps': int(averaged.n_averaged)}
        model = averaged.module.to('cpu')
        refresh_norms(model, frames, raw, by_key, train_sim, train_real, rng, torch.Generator().manual_seed(args.seed), args)
    finish(model, frames, raw, by_key, args, {'steps': step, 'batch': args.batch, 'crop': [CROP_W, CROP_H], 'minutes': round(minutes, 1), 'device': args.device,
                                              'train_frames': {'rendered': len(train_sim), 'real': len(train_real)}, **facts})


if __name__ == '__main__':
    main()

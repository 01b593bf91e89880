"""Trains the person detector (see README.md) and exports person-detector.onnx.

    /usr/bin/python3 models/person-detector/train.py --data DIR [--minutes 60] [--out models/person-detector]

DIR is the output of the data recipe (make-data.ts): frames.u8 and frames.jsonl. A small fully
convolutional network (CenterNet's idea, Zhou et al. 2019, "Objects as Points") predicts, on a grid of
stride 4: a heatmap of people's foot points (where positions on the pitch come from), the foot's
sub-cell offset, and the box's height and width. Trained on random crops for a fixed wall-clock budget
(Debian's python3-torch on the CPU); deterministic data order for a seed. Writes metrics.json: precision
and recall on the held-out frames, rendered and real apart, by box (IoU >= 0.5) and by foot point
(within 2% of the picture's width).
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
CROP_W, CROP_H = 384, 224
# The engine keeps a peak at or above this (engine/vision/detection/person-detector.ts, PEAK_THRESHOLD).
PEAK_THRESHOLD = 0.35
# People hidden more than this behind nearer ones are neither taught as people nor as background.
IGNORE_OCCLUSION = 0.75


def cbr(ci, co, stride=1, k=3):
    return nn.Sequential(nn.Conv2d(ci, co, k, stride, k // 2, bias=False), nn.BatchNorm2d(co), nn.ReLU(inplace=True))


def sep(c):
    """Depthwise 3x3 then pointwise, with a residual: cheap context at each scale."""
    return nn.Sequential(nn.Conv2d(c, c, 3, 1, 1, groups=c, bias=False), nn.BatchNorm2d(c), nn.ReLU(inplace=True), cbr(c, c, 1, 1))


class Res(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.f = sep(c)

    def forward(self, x):
        return x + self.f(x)


class Detector(nn.Module):
    """Strides 2-32 down, a light top-down path back to stride 4, one 1x1 head with 5 channels:
    foot heatmap logit, foot offset x and y (cells), log box height and log width (cells)."""

    def __init__(self):
        super().__init__()
        self.s4 = nn.Sequential(cbr(3, 16, 2), cbr(16, 24, 2), Res(24))
        self.s8 = nn.Sequential(cbr(24, 48, 2), Res(48), Res(48))
        self.s16 = nn.Sequential(cbr(48, 64, 2), Res(64), Res(64))
        self.s32 = nn.Sequential(cbr(64, 96, 2), Res(96), Res(96))
        self.l16 = cbr(96, 64, 1, 1)
        self.l8 = cbr(64, 48, 1, 1)
        self.l4 = cbr(48, 24, 1, 1)
        self.head = nn.Sequential(Res(24), cbr(24, 24, 1, 1), nn.Conv2d(24, 5, 1))
        self.head[-1].bias.data[0] = -4.0  # a rare foreground: start the heatmap near zero

    def forward(self, x):
        # x: N x 3 x H x W, RGB 0-1, H and W multiples of 32.
        f4 = self.s4(x - 0.5)
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        f32 = self.s32(f16)
        p16 = f16 + F.interpolate(self.l16(f32), scale_factor=2.0, mode='nearest')
        p8 = f8 + F.interpolate(self.l8(p16), scale_factor=2.0, mode='nearest')
        p4 = f4 + F.interpolate(self.l4(p8), scale_factor=2.0, mode='nearest')
        return self.head(p4)


def load(data_dir):
    frames = [json.loads(l) for l in open(os.path.join(data_dir, 'frames.jsonl')) if l.strip()]
    raw = np.memmap(os.path.join(data_dir, 'frames.u8'), dtype=np.uint8, mode='r')
    return frames, raw


def image_of(raw, fr):
    n = fr['width'] * fr['height'] * 3
    return np.asarray(raw[fr['offset']:fr['offset'] + n]).reshape(fr['height'], fr['width'], 3)


def sigma_of(h_cells):
    return max(0.7, 0.1 * h_cells)


def draw_targets(people, x0, y0, scale, flip, out_w, out_h):
    """Targets for a crop whose top-left is (x0, y0) in the frame, resized by `scale`, perhaps mirrored.
    Returns heat (H x W), ignore mask (H x W, 1 = counts), regression (4 x H x W) and its mask."""
    gh, gw = out_h // STRIDE, out_w // STRIDE
    heat = np.zeros((gh, gw), np.float32)
    counts = np.ones((gh, gw), np.float32)
    reg = np.zeros((4, gh, gw), np.float32)
    reg_mask = np.zeros((gh, gw), np.float32)
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float32)
    for p in people:
        fx = (p['foot'][0] - x0) * scale
        fy = (p['foot'][1] - y0) * scale
        if flip:
            fx = out_w - fx
        bw = (p['box'][2] - p['box'][0]) * scale / STRIDE
        bh = (p['box'][3] - p['box'][1]) * scale / STRIDE
        gx, gy = fx / STRIDE, fy / STRIDE
        if bh < 1.0 or gx < -2 or gy < -2 or gx > gw + 2 or gy > gh + 2:
            continue
        s = sigma_of(bh)
        g = np.exp(-((xs + 0.5 - gx) ** 2 + (ys + 0.5 - gy) ** 2) / (2 * s * s))
        if p['occlusion'] > IGNORE_OCCLUSION:
            counts[g > 0.1] = 0
            continue
        np.maximum(heat, g, out=heat)
        ix, iy = int(math.floor(gx)), int(math.floor(gy))
        if 0 <= ix < gw and 0 <= iy < gh:
            heat[iy, ix] = 1.0
            reg[:, iy, ix] = (gx - ix, gy - iy, math.log(bh), math.log(max(bw, 0.25)))
            reg_mask[iy, ix] = 1.0
    counts[heat >= 1.0] = 1
    return heat, counts, reg, reg_mask


def sample(frames, raw, fr, rng):
    """One random crop: image tensor (3 x H x W) and targets."""
    img = image_of(raw, fr)
    h, w = img.shape[:2]
    scale = rng.uniform(0.7, 1.4)
    cw, ch = min(w, int(CROP_W / scale)), min(h, int(CROP_H / scale))
    # Crops centred on people more often than not: most of a frame is empty grass.
    if fr['people'] and rng.random() < 0.7:
        p = fr['people'][rng.randrange(len(fr['people']))]
        cx = p['foot'][0] + rng.uniform(-0.4, 0.4) * cw
        cy = p['foot'][1] + rng.uniform(-0.4, 0.4) * ch
        x0 = int(min(max(0, cx - cw / 2), w - cw))
        y0 = int(min(max(0, cy - ch / 2), h - ch))
    else:
        x0 = rng.randrange(0, w - cw + 1)
        y0 = rng.randrange(0, h - ch + 1)
    crop = torch.from_numpy(np.ascontiguousarray(img[y0:y0 + ch, x0:x0 + cw])).permute(2, 0, 1).float().div_(255)
    crop = F.interpolate(crop[None], size=(CROP_H, CROP_W), mode='bilinear', align_corners=False)[0]
    sx = CROP_W / cw
    flip = rng.random() < 0.5
    if flip:
        crop = torch.flip(crop, dims=[2])
    # The targets use one scale; the crop's aspect is kept within a pixel by construction.
    heat, counts, reg, reg_mask = draw_targets(fr['people'], x0, y0, sx, flip, CROP_W, CROP_H)
    return crop, heat, counts, reg, reg_mask


def colour_jitter(batch, gen):
    n = batch.shape[0]
    perm = torch.randperm(3, generator=gen)
    swap = torch.rand(n, generator=gen) < 0.3
    batch[swap] = batch[swap][:, perm]
    grey = torch.rand(n, generator=gen) < 0.08
    batch[grey] = batch[grey].mean(dim=1, keepdim=True).expand(-1, 3, -1, -1)
    bright = 1 + (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.5
    contrast = 1 + (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.5
    mean = batch.mean(dim=(1, 2, 3), keepdim=True)
    batch = (batch - mean) * contrast + mean * bright
    sat = 1 + (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.6
    grey_of = batch.mean(dim=1, keepdim=True)
    batch = grey_of + (batch - grey_of) * sat
    batch = batch + torch.randn(batch.shape, generator=gen) * 0.012
    return batch.clamp_(0, 1)


def focal_loss(logit, heat, counts):
    """CenterNet's penalty-reduced focal loss, normalised by the number of people."""
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = (heat >= 1.0).float()
    neg = (1 - pos) * counts
    pos_loss = -torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = -torch.log(1 - p) * p ** 2 * (1 - heat) ** 4 * neg
    n = pos.sum().clamp(min=1.0)
    return (pos_loss.sum() + neg_loss.sum()) / n


def losses(out, heat, counts, reg, reg_mask):
    hm = focal_loss(out[:, 0], heat, counts)
    m = reg_mask[:, None]
    n = reg_mask.sum().clamp(min=1.0)
    off = (torch.abs(torch.sigmoid(out[:, 1:3]) - reg[:, 0:2]) * m).sum() / n
    size = (torch.abs(out[:, 3:5] - reg[:, 2:4]) * m).sum() / n
    return hm, off, size


def decode(out, threshold=PEAK_THRESHOLD):
    """Peaks of the heatmap (3x3 local maxima) -> [score, foot x, foot y, box w, box h] in input pixels."""
    heat = torch.sigmoid(out[0, 0])
    peak = F.max_pool2d(heat[None, None], 3, 1, 1)[0, 0]
    ys, xs = torch.nonzero((heat == peak) & (heat >= threshold), as_tuple=True)
    dets = []
    for y, x in zip(ys.tolist(), xs.tolist()):
        ox, oy = torch.sigmoid(out[0, 1:3, y, x]).tolist()
        lh, lw = out[0, 3:5, y, x].tolist()
        dets.append((heat[y, x].item(), (x + ox) * STRIDE, (y + oy) * STRIDE, math.exp(lw) * STRIDE, math.exp(lh) * STRIDE))
    return dets


def iou(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    i = w * h
    return i / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - i)


def greedy_match(score):
    """Pairs (truth, det) by decreasing score > 0, one-to-one."""
    pairs = sorted(((s, i, j) for i, row in enumerate(score) for j, s in enumerate(row) if s > 0), reverse=True)
    used_t, used_d, n = set(), set(), 0
    for s, i, j in pairs:
        if i in used_t or j in used_d:
            continue
        used_t.add(i)
        used_d.add(j)
        n += 1
    return n


def evaluate(model, frames, raw, which, limit=None):
    """Precision and recall on whole held-out frames (people >= 30% in the picture, as labelled)."""
    model.eval()
    tally = {}
    chosen = [f for f in frames if f['split'] == 'valid']
    if limit:
        chosen = chosen[:: max(1, len(chosen) // limit)]
    with torch.no_grad():
        for fr in chosen:
            img = torch.from_numpy(np.ascontiguousarray(image_of(raw, fr))).permute(2, 0, 1).float().div_(255)
            h, w = img.shape[1:]
            ph, pw = (32 - h % 32) % 32, (32 - w % 32) % 32
            x = F.pad(img[None], (0, pw, 0, ph))
            dets = decode(model(x))
            boxes = [(fx - bw / 2, fy - bh, fx + bw / 2, fy) for _, fx, fy, bw, bh in dets]
            truth = fr['people']
            t = tally.setdefault(fr['source'], {'truth': 0, 'dets': 0, 'box': 0, 'foot': 0})
            t['truth'] += len(truth)
            t['dets'] += len(dets)
            t['box'] += greedy_match([[iou(p['box'], b) if iou(p['box'], b) >= 0.5 else 0 for b in boxes] for p in truth])
            lim = 0.02 * w
            t['foot'] += greedy_match([[max(0.0, 1 - math.hypot(p['foot'][0] - d[1], p['foot'][1] - d[2]) / lim) for d in dets] for p in truth])
    model.train()
    out = {}
    for src, t in tally.items():
        out[src] = {
            'frames': sum(1 for f in chosen if f['source'] == src), 'people': t['truth'], 'detections': t['dets'],
            'box_precision': round(t['box'] / max(1, t['dets']), 4), 'box_recall': round(t['box'] / max(1, t['truth']), 4),
            'foot_precision': round(t['foot'] / max(1, t['dets']), 4), 'foot_recall': round(t['foot'] / max(1, t['truth']), 4),
        }
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--minutes', type=float, default=60)
    ap.add_argument('--batch', type=int, default=12)
    ap.add_argument('--real-share', type=float, default=0.25)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    gen = torch.Generator().manual_seed(args.seed)
    frames, raw = load(args.data)
    train_sim = [f for f in frames if f['split'] == 'train' and f['source'] == 'sim']
    train_real = [f for f in frames if f['split'] == 'train' and f['source'] == 'real']
    print(f'train frames: {len(train_sim)} rendered, {len(train_real)} real; valid: {sum(f["split"] == "valid" for f in frames)}', flush=True)
    model = Detector()
    print('parameters', sum(p.numel() for p in model.parameters()), flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    budget = args.minutes * 60
    start = time.time()
    step = 0
    log = [0.0, 0.0, 0.0]
    while True:
        elapsed = time.time() - start
        if elapsed > budget:
            break
        # Cosine decay over the wall-clock budget, after a short warm-up.
        frac = elapsed / budget
        lr = 2e-3 * min(1.0, (step + 1) / 200) * 0.5 * (1 + math.cos(math.pi * frac))
        for g in opt.param_groups:
            g['lr'] = lr
        batch = [sample(frames, raw, rng.choice(train_real if train_real and rng.random() < args.real_share else train_sim), rng) for _ in range(args.batch)]
        x = colour_jitter(torch.stack([b[0] for b in batch]), gen)
        heat = torch.from_numpy(np.stack([b[1] for b in batch]))
        counts = torch.from_numpy(np.stack([b[2] for b in batch]))
        reg = torch.from_numpy(np.stack([b[3] for b in batch]))
        reg_mask = torch.from_numpy(np.stack([b[4] for b in batch]))
        hm, off, size = losses(model(x), heat, counts, reg, reg_mask)
        loss = hm + off + size
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        log = [0.98 * a + 0.02 * b.item() for a, b in zip(log, (hm, off, size))]
        if step % 200 == 0:
            print(f'step {step} {elapsed / 60:.1f} min lr {lr:.5f} heat {log[0]:.3f} offset {log[1]:.3f} size {log[2]:.3f}', flush=True)
        if step % 2000 == 0:
            print('valid', json.dumps(evaluate(model, frames, raw, 'valid', limit=120)), flush=True)
    minutes = (time.time() - start) / 60
    metrics = evaluate(model, frames, raw, 'valid')
    print('final', json.dumps(metrics), flush=True)
    model.eval()
    os.makedirs(args.out, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 3, 384, 640), os.path.join(args.out, 'person-detector.onnx'), input_names=['image'], output_names=['grid'],
                      opset_version=17, dynamic_axes={'image': {0: 'n', 2: 'height', 3: 'width'}, 'grid': {0: 'n', 2: 'rows', 3: 'columns'}})
    with open(os.path.join(args.out, 'metrics.json'), 'w') as f:
        json.dump({'steps': step, 'batch': args.batch, 'crop': [CROP_W, CROP_H], 'minutes': round(minutes, 1), 'threshold': PEAK_THRESHOLD,
                   'train_frames': {'rendered': len(train_sim), 'real': len(train_real)}, 'validation': metrics}, f, indent=1)


if __name__ == '__main__':
    main()

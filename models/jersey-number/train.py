"""Trains the jersey-number reader (see README.md) and exports jersey-number.onnx.

    /usr/bin/python3 models/jersey-number/train.py --data DIR [--epochs 8] [--width 1] [--device cpu|cuda] [--out models/jersey-number]

DIR is the output of the data recipe (make-data.ts): crops.u8 (N x 32 x 32 x 3 uint8), labels.csv with
`number` 1-99 or -1 (illegible). Three heads: legible or not, the tens digit (0-9, or 10: a one-digit
number) and the units digit. Debian's python3-torch on the CPU (deterministic for a seed), or a CUDA GPU when
one is lent (`--device cuda`: the crops and their augmentation live on the GPU). Writes metrics.json:
on the held-out crops, rendered and synthetic apart, the legibility accuracy and the number accuracy and
coverage when the reader's confidence passes the engine's threshold.
"""
import argparse
import csv
import inspect
import json
import os
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

S = 32
NO_TENS = 10
# The engine reads a number only when legibility x tens x units probabilities pass this
# (engine/vision/identity/jersey-reader.ts, READ_THRESHOLD).
READ_THRESHOLD = 0.6


class Reader(nn.Module):
    """Four conv stages then a small shared layer and three heads: about 0.6 M parameters at width 1
    (channels and the shared layer scale with `width`)."""

    def __init__(self, width=1.0):
        super().__init__()
        c = [max(8, int(round(k * width))) for k in (32, 64, 96, 128, 192)]

        def block(cin, cout):
            return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

        self.features = nn.Sequential(
            block(3, c[0]), block(c[0], c[0]), nn.MaxPool2d(2),
            block(c[0], c[1]), block(c[1], c[1]), nn.MaxPool2d(2),
            block(c[1], c[2]), nn.MaxPool2d(2),
            block(c[2], c[3]),
        )
        self.shared = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(c[3] * 4 * 4, c[4]), nn.ReLU(inplace=True))
        self.legible = nn.Linear(c[4], 2)
        self.tens = nn.Linear(c[4], 11)
        self.units = nn.Linear(c[4], 10)

    def forward(self, x):
        # x: N x 3 x 32 x 32, RGB scaled to 0-1. One output tensor (N x 23): legible, tens, units logits.
        h = self.shared(self.features(x - 0.5))
        return torch.cat([self.legible(h), self.tens(h), self.units(h)], dim=1)


def load(data_dir):
    raw = np.fromfile(os.path.join(data_dir, 'crops.u8'), dtype=np.uint8)
    crops = raw.reshape(-1, S, S, 3)
    rows = list(csv.DictReader(open(os.path.join(data_dir, 'labels.csv'))))
    assert len(rows) == len(crops), (len(rows), len(crops))
    numbers = np.array([int(r['number']) for r in rows], dtype=np.int64)
    source = np.array([r['source'] for r in rows])
    split = np.array([r['split'] for r in rows])
    return crops, numbers, source, split


def targets(numbers):
    legible = (numbers > 0).astype(np.int64)
    tens = np.where(numbers >= 10, numbers // 10, NO_TENS)
    units = np.where(numbers > 0, numbers % 10, 0)
    return torch.from_numpy(legible), torch.from_numpy(tens), torch.from_numpy(units)


def augment(batch, gen):
    """Colour channels permuted and some crops grey (kits differ; digits do not), small shifts, brightness,
    contrast. No flips: a mirrored 2 is not a 2."""
    n = batch.shape[0]
    dev = batch.device
    perm = torch.randperm(3, generator=gen).to(dev)
    swap = (torch.rand(n, generator=gen) < 0.5).to(dev)
    batch[swap] = batch[swap][:, perm]
    grey_some = (torch.rand(n, generator=gen) < 0.15).to(dev)
    batch[grey_some] = batch[grey_some].mean(dim=1, keepdim=True).expand(-1, 3, -1, -1)
    invert = (torch.rand(n, generator=gen) < 0.15).to(dev)
    batch[invert] = 1 - batch[invert]
    dx = int(torch.randint(-2, 3, (1,), generator=gen))
    dy = int(torch.randint(-2, 3, (1,), generator=gen))
    batch = torch.roll(batch, shifts=(dy, dx), dims=(2, 3))
    bright = (1 + 0.4 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)).to(dev)
    contrast = (1 + 0.5 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)).to(dev)
    mean = batch.mean(dim=(1, 2, 3), keepdim=True)
    batch = (batch - mean) * contrast + mean * bright
    return batch.clamp(0, 1)


def to_tensor(crops):
    return torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255.0


def read(model, crops):
    """The engine's reading: (number or -1, confidence) per crop."""
    model.eval()
    dev = next(model.parameters()).device
    out = []
    with torch.no_grad():
        for i in range(0, len(crops), 512):
            z = model(to_tensor(crops[i:i + 512]).to(dev)).cpu()
            p_leg = F.softmax(z[:, 0:2], 1)[:, 1]
            p_t, t = F.softmax(z[:, 2:13], 1).max(1)
            p_u, u = F.softmax(z[:, 13:23], 1).max(1)
            number = torch.where(t == NO_TENS, u, t * 10 + u)
            number = torch.where(number == 0, torch.full_like(number, -1), number)
            out.append(torch.stack([number.float(), p_leg * p_t * p_u, p_leg], 1))
    return torch.cat(out).numpy() if out else np.zeros((0, 3))


def score(model, crops, numbers):
    if len(crops) == 0:
        return None
    r = read(model, crops)
    legible = numbers > 0
    said_legible = r[:, 2] >= 0.5
    accepted = r[:, 1] >= READ_THRESHOLD
    right = accepted & (r[:, 0] == numbers)
    return {
        'crops': int(len(crops)), 'legible_crops': int(legible.sum()),
        'legibility_accuracy': float((said_legible == legible).mean()),
        'read_of_legible': float((right & legible).sum() / max(1, legible.sum())),
        'wrong_when_read': float((accepted & (r[:, 0] != numbers)).sum() / max(1, accepted.sum())),
        'read_of_illegible': float((accepted & ~legible).sum() / max(1, (~legible).sum())),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument('--epochs', type=int, default=8)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--width', type=float, default=1.0, help='channel multiplier of the network')
    ap.add_argument('--device', default='cpu', help='cpu, or cuda where a GPU is lent')
    args = ap.parse_args()
    dev = torch.device(args.device)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(2)

    crops, numbers, source, split = load(args.data)
    tr = split == 'train'
    x_train = to_tensor(crops[tr]).to(dev)
    legible, tens, units = (t.to(dev) for t in targets(numbers[tr]))
    print(f'train {tr.sum()} crops ({int(legible.sum())} legible), valid {(~tr).sum()}, width {args.width}, {dev}')

    model = Reader(args.width).to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = args.epochs * ((len(x_train) + 127) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    gen = torch.Generator().manual_seed(args.seed)
    started = time.time()
    for epoch in range(args.epochs):
        model.train()
        order = torch.randperm(len(x_train), generator=gen).to(dev)
        total = torch.zeros((), device=dev)
        for i in range(0, len(order), 128):
            idx = order[i:i + 128]
            z = model(augment(x_train[idx].clone(), gen))
            leg = legible[idx].bool()
            loss = F.cross_entropy(z[:, 0:2], legible[idx])
            if leg.any():
                # Digits are learned from legible crops only: an illegible shirt has no right digit.
                loss = loss + F.cross_entropy(z[leg, 2:13], tens[idx][leg]) + F.cross_entropy(z[leg, 13:23], units[idx][leg])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.detach() * len(idx)
        va = ~tr
        print(f'epoch {epoch + 1} ({time.time() - started:.0f} s): loss {float(total) / len(order):.4f}, valid {score(model, crops[va], numbers[va])}', flush=True)

    metrics = {'train_crops': int(tr.sum()), 'train_legible': int(legible.sum()), 'read_threshold': READ_THRESHOLD,
               'epochs': args.epochs, 'width': args.width, 'device': str(dev)}
    for name in ['sim', 'synthetic']:
        m = (~tr) & (source == name)
        metrics[f'valid_{name}'] = score(model, crops[m], numbers[m])
        print(name, metrics[f'valid_{name}'])
    model.eval().cpu()
    path = os.path.join(args.out, 'jersey-number.onnx')
    # The TorchScript exporter (newer torch defaults to the dynamo one, which needs onnxscript).
    legacy = {'dynamo': False} if 'dynamo' in inspect.signature(torch.onnx.export).parameters else {}
    torch.onnx.export(model, torch.zeros(1, 3, S, S), path, input_names=['crops'], output_names=['logits'],
                      dynamic_axes={'crops': {0: 'n'}, 'logits': {0: 'n'}}, opset_version=17, **legacy)
    with open(os.path.join(args.out, 'metrics.json'), 'w') as f:
        json.dump(metrics, f, indent=1)
    print('wrote', path, os.path.getsize(path), 'bytes')


if __name__ == '__main__':
    main()

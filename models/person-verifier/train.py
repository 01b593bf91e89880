"""Trains the person verifier (see README.md) and exports person-verifier.onnx.

    /usr/bin/python3 models/person-verifier/train.py --data DIR [--epochs 18] [--out models/person-verifier]

DIR is the output of the data recipe (make-data.ts): crops.u8 (N x 48 x 24 x 3 uint8), labels.csv.
Debian's python3-torch (CPU); deterministic for a seed. Prints and writes metrics.json: accuracy and the
confusion matrix on the held-out clips, rendered and real apart.
"""
import argparse
import csv
import json
import os
import random

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

H, W = 48, 24
CLASSES = ['none', 'one', 'two or more']


class Verifier(nn.Module):
    """Three conv stages and a global average: about 40k parameters, a fraction of a millisecond a crop."""

    def __init__(self):
        super().__init__()

        def block(cin, cout):
            return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

        self.features = nn.Sequential(
            block(3, 16), block(16, 16), nn.MaxPool2d(2),
            block(16, 32), block(32, 32), nn.MaxPool2d(2),
            block(32, 64), nn.MaxPool2d(2),
            block(64, 64),
        )
        self.head = nn.Linear(64, len(CLASSES))

    def forward(self, x):
        # x: N x 3 x 48 x 24, RGB scaled to 0-1.
        x = self.features(x - 0.5)
        return self.head(x.mean(dim=(2, 3)))


def load(data_dir):
    raw = np.fromfile(os.path.join(data_dir, 'crops.u8'), dtype=np.uint8)
    crops = raw.reshape(-1, H, W, 3)
    rows = list(csv.DictReader(open(os.path.join(data_dir, 'labels.csv'))))
    assert len(rows) == len(crops), (len(rows), len(crops))
    labels = np.array([int(r['label']) for r in rows], dtype=np.int64)
    source = np.array([r['source'] for r in rows])
    split = np.array([r['split'] for r in rows])
    return crops, labels, source, split


def augment(batch, gen):
    """Flips, small shifts, brightness, contrast and saturation: broadcasts differ in all of them. Colour
    channels are permuted and some crops turned grey, so that the verifier judges shapes, not kit colours:
    without it, a model trained on our renders called every black-and-white striped player "nobody"."""
    n = batch.shape[0]
    perm = torch.randperm(3, generator=gen)
    swap = torch.rand(n, generator=gen) < 0.5
    batch[swap] = batch[swap][:, perm]
    grey_some = torch.rand(n, generator=gen) < 0.2
    batch[grey_some] = batch[grey_some].mean(dim=1, keepdim=True).expand(-1, 3, -1, -1)
    flip = torch.rand(n, generator=gen) < 0.5
    batch[flip] = batch[flip].flip(3)
    dx = int(torch.randint(-2, 3, (1,), generator=gen))
    dy = int(torch.randint(-3, 4, (1,), generator=gen))
    batch = torch.roll(batch, shifts=(dy, dx), dims=(2, 3))
    bright = 1 + 0.35 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)
    contrast = 1 + 0.4 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)
    mean = batch.mean(dim=(1, 2, 3), keepdim=True)
    batch = (batch - mean) * contrast + mean * bright
    grey = batch.mean(dim=1, keepdim=True)
    sat = 1 + 0.5 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)
    batch = grey + (batch - grey) * sat
    return batch.clamp(0, 1)


def to_tensor(crops):
    return torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255.0


def evaluate(model, crops, labels):
    model.eval()
    with torch.no_grad():
        pred = torch.cat([model(to_tensor(crops[i:i + 512])).argmax(1) for i in range(0, len(crops), 512)]).numpy()
    confusion = np.zeros((3, 3), dtype=np.int64)
    for t, p in zip(labels, pred):
        confusion[t, p] += 1
    return float((pred == labels).mean()) if len(labels) else None, confusion.tolist()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--out', default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument('--epochs', type=int, default=18)
    ap.add_argument('--seed', type=int, default=7)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.set_num_threads(2)

    crops, labels, source, split = load(args.data)
    tr = split == 'train'
    x_train, y_train = to_tensor(crops[tr]), torch.from_numpy(labels[tr])
    counts = np.bincount(labels[tr], minlength=3)
    weights = torch.tensor(counts.sum() / (3 * np.maximum(counts, 1)), dtype=torch.float32)
    print(f'train {tr.sum()} crops (classes {counts.tolist()}), valid {(~tr).sum()}')

    model = Verifier()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = args.epochs * ((len(x_train) + 127) // 128)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    gen = torch.Generator().manual_seed(args.seed)
    for epoch in range(args.epochs):
        model.train()
        order = torch.randperm(len(x_train), generator=gen)
        total = 0.0
        for i in range(0, len(order), 128):
            idx = order[i:i + 128]
            xb = augment(x_train[idx].clone(), gen)
            loss = F.cross_entropy(model(xb), y_train[idx], weight=weights)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
        va = ~tr
        acc, _ = evaluate(model, crops[va], labels[va])
        print(f'epoch {epoch + 1}: loss {total / len(order):.4f}, valid accuracy {acc:.4f}')

    metrics = {'classes': CLASSES, 'train_crops': int(tr.sum()), 'train_class_counts': counts.tolist()}
    for name in ['sim', 'real']:
        m = (~tr) & (source == name)
        acc, confusion = evaluate(model, crops[m], labels[m])
        metrics[f'valid_{name}'] = {'crops': int(m.sum()), 'accuracy': acc, 'confusion_true_by_predicted': confusion}
        print(name, metrics[f'valid_{name}'])
    model.eval()
    dummy = torch.zeros(1, 3, H, W)
    path = os.path.join(args.out, 'person-verifier.onnx')
    torch.onnx.export(model, dummy, path, input_names=['crops'], output_names=['logits'],
                      dynamic_axes={'crops': {0: 'n'}, 'logits': {0: 'n'}}, opset_version=17)
    with open(os.path.join(args.out, 'metrics.json'), 'w') as f:
        json.dump(metrics, f, indent=1)
    print('wrote', path, os.path.getsize(path), 'bytes')


if __name__ == '__main__':
    main()

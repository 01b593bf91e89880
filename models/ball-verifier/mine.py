"""The ball detector's peaks on every frame of the recipe, for the verifier to learn and be scored on.

    /usr/bin/python3 models/ball-verifier/mine.py --data DIR --weights models/ball-detector/ball-detector.pt --out DIR/peaks.jsonl

Per frame (one JSON line, in the recipe's order): the up to PEAKS strongest 3 x 3 local maxima of the
heatmap at or above FLOOR, each [u, v, score] in working-grid pixels, decoded as the engine decodes them
(`decodeBallGrid`). Real frames are stills (the same picture three times), as the detector's card
scores them; rendered frames have the two before them in their run.
"""
import argparse
import json
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'ball-detector'))
import train as detector  # noqa: E402

PEAKS = 8
FLOOR = 0.05


def peaks_of(out, width, height, floor=FLOOR, most=PEAKS):
    """The strongest local maxima of the heatmap as [u, v, score], strongest first, inside the picture."""
    heat = torch.sigmoid(out[0, 0])
    pooled = F.max_pool2d(heat[None, None], 3, 1, 1)[0, 0]
    ys, xs = torch.nonzero((heat >= pooled) & (heat >= floor), as_tuple=True)
    scores = heat[ys, xs]
    order = torch.argsort(scores, descending=True)
    found = []
    for i in order.tolist():
        y, x = int(ys[i]), int(xs[i])
        ox, oy = torch.sigmoid(out[0, 1:3, y, x]).tolist()
        u, v = (x + ox) * detector.STRIDE, (y + oy) * detector.STRIDE
        if u >= width or v >= height:
            continue
        found.append([round(u, 2), round(v, 2), round(float(scores[i]), 4)])
        if len(found) == most:
            break
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True)
    ap.add_argument('--weights', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--threads', type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    frames, raw, by_key = detector.load(args.data)
    model = detector.BallNet()
    model.load_state_dict(torch.load(args.weights, map_location='cpu'))
    model.eval()
    with open(args.out, 'w') as f, torch.no_grad():
        for k, fr in enumerate(frames):
            out = model(detector.whole_input(frames, raw, by_key, k, still=fr['source'] == 'real'))
            f.write(json.dumps(peaks_of(out, fr['width'], fr['height'])) + '\n')
            if k % 500 == 0:
                print(f'{k}/{len(frames)}', flush=True)


if __name__ == '__main__':
    main()

"""The weights part way between two networks trained on from the same weights: (1 - alpha) * A + alpha * B,
tensor by tensor (WiSE-FT, Wortsman et al. 2022, "Robust fine-tuning of zero-shot models"). A network
trained on from A with an augmentation that helps on some footage and costs on other footage often keeps
most of both at the mid point, since the two lie in one basin of the loss.

    /usr/bin/python3 models/ball-detector/interpolate_weights.py A.pt B.pt ALPHA OUT.pt

Integer tensors (batch-norm step counts) are A's. `train.py --evaluate OUT.pt` scores the result and
`train.py --export OUT.pt` writes its ONNX model.
"""
import argparse

import torch


def interpolate(a, b, alpha):
    if a.keys() != b.keys():
        raise ValueError('the two sets of weights are not of one network')
    for k in a:
        if a[k].shape != b[k].shape:
            raise ValueError(f'{k}: shapes {tuple(a[k].shape)} and {tuple(b[k].shape)} differ')
    return {k: (1 - alpha) * a[k] + alpha * b[k] if a[k].is_floating_point() else a[k] for k in a}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('a', help='weights at alpha 0 (DIR/ball-detector.pt)')
    ap.add_argument('b', help='weights at alpha 1')
    ap.add_argument('alpha', type=float)
    ap.add_argument('out')
    args = ap.parse_args()
    if not 0 <= args.alpha <= 1:
        ap.error('alpha lies between 0 and 1')
    a = torch.load(args.a, map_location='cpu')
    b = torch.load(args.b, map_location='cpu')
    torch.save(interpolate(a, b, args.alpha), args.out)


if __name__ == '__main__':
    main()

"""train.py's random crops made a whole batch at a time on the GPU (or the CPU): the same crops, flips and
targets as train.py's `sample`, with the frames held on the device as bytes and each crop cut by one
gather and one bilinear resample for the batch, so a lent GPU is not left waiting on Python.

Only the choice of each crop (frame, its two frames before, scale, position, flip) is drawn in Python,
by train.py's `crop_choice`, as `sample` draws it.
"""
import torch
import torch.nn.functional as F

from train import CROP_H, CROP_W, FRAMES, STRIDE, crop_choice, history

# The largest crop before scaling: CROP / 0.75, the smallest scale drawn.
WIN_W, WIN_H = 432, 256


class BatchedCrops:
    def __init__(self, frames, raw, by_key, keys, device):
        """Uploads every frame that `keys` (and their two frames before) can reach, grouped by size."""
        self.frames, self.by_key, self.device = frames, by_key, device
        needed = sorted({j for k in keys for j in history(frames, by_key, k)})
        by_size = {}
        for k in needed:
            by_size.setdefault((frames[k]['width'], frames[k]['height']), []).append(k)
        self.sizes = list(by_size)
        self.where = {}
        self.stacks = []
        for s, (w, h) in enumerate(self.sizes):
            ks = by_size[(w, h)]
            stack = torch.empty((len(ks), h, w, 3), dtype=torch.uint8)
            for i, k in enumerate(ks):
                f = frames[k]
                stack[i] = torch.from_numpy(raw[f['offset']:f['offset'] + w * h * 3].reshape(h, w, 3))
                self.where[k] = (s, i)
            self.stacks.append(stack.to(device))

    def choose(self, k, rng, still_share):
        """One crop's choice, drawn as train.py's `sample` draws it."""
        return crop_choice(self.frames, self.by_key, k, rng, still_share)

    def crops(self, choices):
        """B x 9 x CROP_H x CROP_W float 0-1, in the order of `choices`."""
        dev = self.device
        out = torch.empty((len(choices), 3 * FRAMES, WIN_H, WIN_W), dtype=torch.float32, device=dev)
        ar_y = torch.arange(WIN_H, device=dev)
        ar_x = torch.arange(WIN_W, device=dev)
        for s, (w, h) in enumerate(self.sizes):
            rows = [i for i, c in enumerate(choices) if self.where[c['k']][0] == s]
            if not rows:
                continue
            idx = torch.tensor([[self.where[j][1] for j in choices[i]['run']] for i in rows], device=dev)
            y0 = torch.tensor([choices[i]['y0'] for i in rows], device=dev)
            x0 = torch.tensor([choices[i]['x0'] for i in rows], device=dev)
            ys = (y0[:, None] + ar_y).clamp_(max=h - 1)
            xs = (x0[:, None] + ar_x).clamp_(max=w - 1)
            win = self.stacks[s][idx[:, :, None, None], ys[:, None, :, None], xs[:, None, None, :]]  # b x 3 x WIN_H x WIN_W x 3
            out[torch.tensor(rows, device=dev)] = win.permute(0, 1, 4, 2, 3).reshape(len(rows), 3 * FRAMES, WIN_H, WIN_W).float().div_(255)
        theta = torch.zeros((len(choices), 2, 3), dtype=torch.float32)
        for i, c in enumerate(choices):
            ax, ay = c['cw'] / WIN_W, c['ch'] / WIN_H
            # Output pixel centres onto the window's: the crop starts at the window's corner.
            theta[i, 0, 0] = -ax if c['flip'] else ax
            theta[i, 0, 2] = ax - 1
            theta[i, 1, 1] = ay
            theta[i, 1, 2] = ay - 1
        grid = F.affine_grid(theta.to(dev), (len(choices), 3 * FRAMES, CROP_H, CROP_W), align_corners=False)
        return F.grid_sample(out, grid, mode='bilinear', padding_mode='border', align_corners=False)

    def targets(self, choices):
        """Heat, counts (0 = ignored), offset and its mask, as train.py's `draw_targets` draws them."""
        dev = self.device
        n = len(choices)
        gh, gw = CROP_H // STRIDE, CROP_W // STRIDE
        vals = torch.zeros((n, 6), dtype=torch.float32)  # gx, gy, sigma, present, hidden, -
        for i, c in enumerate(choices):
            b = c['ball']
            if b is None:
                continue
            sx = CROP_W / c['cw']
            bx = (b['u'] - c['x0']) * sx
            by = (b['v'] - c['y0']) * sx
            if c['flip']:
                bx = CROP_W - bx
            gx, gy = bx / STRIDE, by / STRIDE
            if gx < -2 or gy < -2 or gx > gw + 2 or gy > gh + 2:
                continue
            vals[i] = torch.tensor([gx, gy, max(0.6, 0.35 * b['d'] * sx / STRIDE), 1.0, 1.0 if b['hidden'] else 0.0, 0.0])
        vals = vals.to(dev)
        gx, gy, sig, present, hidden = (vals[:, j, None, None] for j in range(5))
        ys = torch.arange(gh, device=dev, dtype=torch.float32)[None, :, None]
        xs = torch.arange(gw, device=dev, dtype=torch.float32)[None, None, :]
        g = torch.exp(-((xs + 0.5 - gx) ** 2 + (ys + 0.5 - gy) ** 2) / (2 * sig * sig))
        pos = (present > 0) & (hidden == 0)
        heat = torch.where(pos, g, torch.zeros_like(g))
        counts = torch.where((present > 0) & (hidden > 0) & (g > 0.05), torch.zeros_like(g), torch.ones_like(g))
        reg = torch.zeros((n, 2, gh, gw), device=dev)
        reg_mask = torch.zeros((n, gh, gw), device=dev)
        ix, iy = torch.floor(vals[:, 0]), torch.floor(vals[:, 1])
        cell = (vals[:, 3] > 0) & (vals[:, 4] == 0) & (ix >= 0) & (ix < gw) & (iy >= 0) & (iy < gh)
        b = torch.nonzero(cell).flatten()
        if len(b):
            bi, bj = iy[b].long(), ix[b].long()
            heat[b, bi, bj] = 1.0
            reg[b, 0, bi, bj] = vals[b, 0] - ix[b]
            reg[b, 1, bi, bj] = vals[b, 1] - iy[b]
            reg_mask[b, bi, bj] = 1.0
        return heat, counts, reg, reg_mask


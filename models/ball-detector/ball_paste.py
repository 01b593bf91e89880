"""Real balls pasted into training crops (train.py --paste): copy-paste augmentation (Ghiasi et al. 2021).

The real training frames are one league's broadcast: each frame shows its ball in a few places of the
picture, seldom on a painted line, at a white boot or beside a goalkeeper's gloves, where the real clips
of other leagues put look-alikes. A pasted ball is a real ball's pixels (a disc a little inside its labelled
box, with a soft edge) from another training frame, put on a bright pixel beside grass (a line, a boot, a
sock) or anywhere on the grass; in the three frames of a moving sample it moves by a constant step, in a still
sample it stays. It is labelled like any ball, so the network must tell it from what it lies on.
"""
import math

import numpy as np
import torch

# A pixel this bright in all three colours (0-1) is a place a look-alike can be: a line, a shirt, a boot.
BRIGHT = 0.6
# The share of pasted balls put on such a pixel; the rest go anywhere on the grass.
ON_BRIGHT = 0.5
# How far (stored pixels) above or below a bright pixel grass must be for it to count as on the pitch.
GAP = 5
# The disc pasted, as a share of the labelled radius, and how white its brightest pixel must be (0-1):
# a patch with no white in it is a mislabelled or blurred ball, not one to teach from.
DISC = 0.85
WHITE = 0.45
# The largest step a pasted ball makes between two frames, in stored pixels (a hard pass at 720p).
MAX_STEP = 6.0


class PasteBank:
    """The visible balls of the given real frames, each as a patch of its frame and a disc mask, the share
    of the training crops that get one, and which frames' crops: 'all', or 'real' (rendered crops left as
    they are, so what the renders taught stays)."""

    def __init__(self, frames, raw, keys, image_of, share, into='all'):
        self.share = share
        self.into = into
        self.patches = []
        for k in keys:
            fr = frames[k]
            b = fr['ball']
            if not b or b['hidden'] or b['d'] < 2:
                continue
            r = b['d'] / 2
            half = int(math.ceil(r + 1))
            cx, cy = int(round(b['u'])), int(round(b['v']))
            if cx - half < 0 or cy - half < 0 or cx + half >= fr['width'] or cy + half >= fr['height']:
                continue
            img = image_of(raw, fr)[cy - half:cy + half + 1, cx - half:cx + half + 1]
            ys, xs = np.mgrid[-half:half + 1, -half:half + 1].astype(np.float32)
            dist = np.hypot(xs + cx - b['u'], ys + cy - b['v'])
            # A label's box is often a little larger than the ball: a disc of the full box carries grass.
            alpha = np.clip(DISC * r + 0.5 - dist, 0, 1)
            if img[alpha > 0.5].min(axis=1).max(initial=0) < WHITE * 255:
                continue
            patch = torch.from_numpy(np.ascontiguousarray(img)).permute(2, 0, 1).float().div_(255)
            # The patch's centre pixel is (half, half); the ball's centre lies (du, dv) from it.
            self.patches.append((patch, torch.from_numpy(alpha), half, b['u'] - cx, b['v'] - cy, b['d']))
        if not self.patches:
            raise ValueError('no visible real ball to paste')

    def wants(self, frame, rng):
        """Whether a crop of `frame` gets a ball; draws from `rng` only for frames it may paste into."""
        if self.into == 'real' and frame['source'] != 'real':
            return False
        return rng.random() < self.share

    def paste(self, crop, moving, ball, x0, y0, rng):
        """Pastes one ball into `crop` (3 frames x 3 colours, H, W at the stored scale, frame 0 the newest)
        and returns its label in frame coordinates, or None where it would touch the crop's edge or the
        crop's own ball. `ball`: the frame's labelled ball (frame coordinates) or None."""
        patch, alpha, half, du, dv, d = self.patches[rng.randrange(len(self.patches))]
        _, h, w = crop.shape
        step = (rng.uniform(-MAX_STEP, MAX_STEP), rng.uniform(-MAX_STEP, MAX_STEP)) if moving else (0.0, 0.0)
        reach = half + int(math.ceil(2 * MAX_STEP)) + 1
        if w <= 2 * reach or h <= 2 * reach:
            return None
        x, y = self._place(crop, rng, reach)
        if ball is not None and math.hypot(x0 + x - ball['u'], y0 + y - ball['v']) < 3 * max(d, ball['d']):
            return None
        for f in range(3):
            px = int(round(x - f * step[0]))
            py = int(round(y - f * step[1]))
            region = crop[3 * f:3 * f + 3, py - half:py + half + 1, px - half:px + half + 1]
            region.mul_(1 - alpha).add_(patch * alpha)
        return {'u': x0 + x + du, 'v': y0 + y + dv, 'd': d, 'hidden': False}

    @staticmethod
    def _place(crop, rng, reach):
        """A pixel of the newest frame at least `reach` from the edge: a bright one beside grass
        (ON_BRIGHT of the time) or one on the grass, where there is one; else any."""
        _, h, w = crop.shape
        rgb = crop[0:3]
        green = (rgb[1] > rgb[0]) & (rgb[1] > rgb[2])
        if rng.random() < ON_BRIGHT:
            # Bright with grass a few pixels above or below it: a line, a boot, a shin pad; not the crowd.
            near = torch.zeros_like(green)
            near[GAP:] |= green[:-GAP]
            near[:-GAP] |= green[GAP:]
            where = (rgb.amin(dim=0) >= BRIGHT) & near
        else:
            where = green
        inner = where[reach:h - reach, reach:w - reach]
        ys, xs = torch.nonzero(inner, as_tuple=True)
        if len(ys):
            i = rng.randrange(len(ys))
            return int(xs[i]) + reach, int(ys[i]) + reach
        return rng.randrange(reach, w - reach), rng.randrange(reach, h - reach)

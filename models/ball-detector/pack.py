"""Packs the training frames of the data recipe small enough to travel to a lent GPU machine, and unpacks
them there into the recipe's own layout (frames.u8 + frames.jsonl) for train.py.

    /usr/bin/python3 models/ball-detector/pack.py --data /tmp/bd/data --out PACK --ffmpeg FFMPEG
    python3 models/ball-detector/pack.py --unpack PACK --out DIR

The recipe's raw frames are 4.8 GB; the machine takes 64 MiB with the repository. Each group of frames
(a rendered clip, a real clip's labelled frames, the single frames of the players set by size) becomes
one H.264 video (yuv420p: the sources were H.264 or JPEG already; CRF 17-21, near-lossless next to them), in the group's order. Only the training split travels: validation
and the held-out clip are scored here, on the recipe's own bytes, after the run.
"""
import argparse
import collections
import json
import os
import subprocess

import numpy as np

# Chosen so the training split travels in about 43 MiB: the players set's frames are single stills, the
# costliest per frame.
CRF = {'sim': '17', 'real': '18', 'stills': '21'}


def pack(data, out, ffmpeg):
    frames = [json.loads(l) for l in open(os.path.join(data, 'frames.jsonl')) if l.strip()]
    raw = np.memmap(os.path.join(data, 'frames.u8'), dtype=np.uint8, mode='r')
    groups = collections.OrderedDict()
    for k, f in enumerate(frames):
        if f['split'] != 'train':
            continue
        # The players set's frames are groups of one: one video per source and size keeps them few.
        key = f['group'] if f['source'] == 'sim' or f['group'].startswith('ball-1237') else f"{f['group'].split('-')[0]}-{f['width']}"
        groups.setdefault(key, []).append(k)
    os.makedirs(out, exist_ok=True)
    meta = []
    for v, (key, ks) in enumerate(groups.items()):
        first = frames[ks[0]]
        w, h = first['width'], first['height']
        assert all(frames[k]['width'] == w for k in ks)
        crf = CRF['sim' if first['source'] == 'sim' else 'real' if key.startswith('ball-1237') else 'stills']
        name = f'v{v:03d}.mp4'
        p = subprocess.Popen([ffmpeg, '-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', f'{w}x{h}', '-r', '25', '-i', '-',
                              '-c:v', 'libx264', '-crf', crf, '-preset', 'medium', '-pix_fmt', 'yuv420p', os.path.join(out, name)], stdin=subprocess.PIPE)
        for pos, k in enumerate(ks):
            f = frames[k]
            p.stdin.write(raw[f['offset']:f['offset'] + w * h * 3].tobytes())
            meta.append({**{a: b for a, b in f.items() if a != 'offset'}, 'video': name, 'pos': pos})
        p.stdin.close()
        if p.wait() != 0:
            raise SystemExit(f'ffmpeg failed on {key}')
    with open(os.path.join(out, 'pack.jsonl'), 'w') as fh:
        fh.writelines(json.dumps(m) + '\n' for m in meta)
    size = sum(os.path.getsize(os.path.join(out, n)) for n in os.listdir(out))
    print(f'{len(meta)} frames in {len(groups)} videos, {size / 2 ** 20:.1f} MiB')


def decode(path, w, h, ffmpeg=None):
    """The video's frames as RGB arrays: OpenCV where it is (the GPU machine's image), else ffmpeg."""
    if ffmpeg:
        data = subprocess.run([ffmpeg, '-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], check=True, capture_output=True).stdout
        return list(np.frombuffer(data, np.uint8).reshape(-1, h, w, 3))
    import cv2
    cap = cv2.VideoCapture(path)
    out = []
    while True:
        ok, bgr = cap.read()
        if not ok:
            break
        out.append(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB))
    return out


def unpack(pack_dir, out, ffmpeg=None):
    meta = [json.loads(l) for l in open(os.path.join(pack_dir, 'pack.jsonl')) if l.strip()]
    by_video = collections.OrderedDict()
    for m in meta:
        by_video.setdefault(m['video'], []).append(m)
    os.makedirs(out, exist_ok=True)
    offset = 0
    with open(os.path.join(out, 'frames.u8'), 'wb') as u8, open(os.path.join(out, 'frames.jsonl'), 'w') as js:
        for name, ms in by_video.items():
            w, h = ms[0]['width'], ms[0]['height']
            pics = decode(os.path.join(pack_dir, name), w, h, ffmpeg)
            if len(pics) != len(ms):
                raise SystemExit(f'{name}: {len(pics)} frames decoded, {len(ms)} expected')
            for m in ms:
                pic = pics[m['pos']]
                assert pic.shape == (h, w, 3), pic.shape
                u8.write(np.ascontiguousarray(pic).tobytes())
                rec = {a: b for a, b in m.items() if a not in ('video', 'pos')}
                js.write(json.dumps({'offset': offset, **rec}) + '\n')
                offset += w * h * 3
    print(f'{len(meta)} frames unpacked from {len(by_video)} videos')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', help='the recipe output to pack')
    ap.add_argument('--unpack', help='a pack to unpack')
    ap.add_argument('--out', required=True)
    ap.add_argument('--ffmpeg', help='ffmpeg binary (packing; unpacking without OpenCV)')
    args = ap.parse_args()
    if args.unpack:
        unpack(args.unpack, args.out, args.ffmpeg)
    else:
        pack(args.data, args.out, args.ffmpeg)


if __name__ == '__main__':
    main()

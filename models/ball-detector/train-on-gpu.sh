#!/bin/sh
# Trains two ball detectors side by side on a lent GPU machine (the device tool), from the pack that
# travelled with the repository (pack.py; carry .bdpack): A goes on from the weights in the pack
# (PACK/resume.pt), B starts afresh. Weights only, saved at half, three quarters and the end of the
# budget; they are scored, chosen on the validation clips and exported here, with train.py --evaluate.
#   sh models/ball-detector/train-on-gpu.sh [MINUTES]     (writes $OUT/a, $OUT/b)
set -e
MIN=${1:-6}
PACK=$(pwd)/${PACK:-.bdpack}
DEVICE=${DEVICE:-cuda}
PY=${PY:-python3}
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader || true
"$PY" -c "import torch, cv2; print('torch', torch.__version__, torch.cuda.is_available(), 'opencv', cv2.__version__)"
"$PY" models/ball-detector/pack.py --unpack "$PACK" --out /tmp/bdu
mkdir -p "$OUT/a" "$OUT/b"
cd models/ball-detector
train() {
  PYTHONUNBUFFERED=1 "$PY" train.py --data /tmp/bdu --device "$DEVICE" --batched --no-export --minutes "$MIN" --batch 128 \
    --checkpoints 0.5 0.75 --threads 4 "$@"
}
train --out /tmp/a --seed 3 --lr 2e-3 --resume "$PACK/resume.pt" > "$OUT/a.log" 2>&1 &
A=$!
train --out /tmp/b --seed 4 --lr 4e-3 > "$OUT/b.log" 2>&1 &
B=$!
wait $A || echo "A failed"
wait $B || echo "B failed"
for r in a b; do cp /tmp/$r/*.pt "$OUT/$r/" 2>/dev/null || true; grep -v Warning "$OUT/$r.log" | tail -4; done

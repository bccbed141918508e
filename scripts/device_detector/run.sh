# On the device machine (run from the repository root, carry .whl and .gpu; see prepare.sh): render the
# training photos on its 16 cores, build the detector's mix, fine-tune on the GPU until END_BY seconds after
# the start; best.pt, last.pt, results.csv and the logs go to $OUT. Export here with
# vision.train.export_onnx(best.pt, DEST, 544). env: SCALE (share of the photo counts, 1), DEVICE (0, or cpu
# for a dry run here with PATH=.venv/bin:$PATH), END_BY (545) or HOURS, WORKERS (14), STRETCHED (1500).
set -o pipefail
T0=$(date +%s); log() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 3
export PYTHONPATH=/tmp/site:$PWD/.gpu/stub:$PWD YOLO_OFFLINE=1 TILELENS_HK_DIR=$PWD/.gpu/hk PYTHONUNBUFFERED=1
log installed; nvidia-smi -L 2>/dev/null; python3 -c "import torch, numpy, cv2; print(torch.__version__, numpy.__version__, cv2.__version__, torch.cuda.is_available())"
D=/tmp/gpudata; rm -rf $D
python3 scripts/device_detector/render.py $D ${SCALE:-1} > $OUT/render.log 2>&1 || { tail -30 $OUT/render.log; exit 4; }
log rendered; tail -2 $OUT/render.log
ADD=""; for y in $D/hands/*/data.yaml; do ADD="$ADD --add-labelled $y"; done
python3 -m vision.detector_data --synth $D/scenes --out $D/det --hk-repeat 6 --stretched ${STRETCHED:-1500} $ADD 2>&1 | tail -5 || exit 5
log built; wc -l $D/det/*.txt 2>/dev/null | tail -3
LEFT=$(( ${END_BY:-545} - ($(date +%s) - T0) - 45 )); HOURS=${HOURS:-$(python3 -c "print(round(max(60, $LEFT) / 3600, 4))")}
log "training for $HOURS h"
python3 scripts/device_detector/train.py $D/det/data.yaml /tmp/det-gpu ${DEVICE:-0} $HOURS ${WORKERS:-14} 2>&1 | grep --line-buffered -v "━" > $OUT/train.log
rc=$?; log trained rc=$rc
cp /tmp/det-gpu/weights/best.pt $OUT/ 2>/dev/null; cp /tmp/det-gpu/weights/last.pt $OUT/ 2>/dev/null; cp /tmp/det-gpu/results.csv $OUT/ 2>/dev/null
tail -30 $OUT/train.log; cat /tmp/det-gpu/results.csv 2>/dev/null | cut -d, -f1-9
ls -la $OUT

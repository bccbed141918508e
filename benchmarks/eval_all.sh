#!/usr/bin/env bash
# Every test-set figure of the model card's tables in one go (run from anywhere; takes ~10 min on 2 cores):
#   benchmarks/eval_all.sh [OUT]            OUT (default /tmp/tilelens-eval) gets one table per line below
#   TILELENS_MODELS=DIR benchmarks/eval_all.sh OUT   measures the models in DIR instead of models/
# The test sets are made first when missing: the synthetic held-out scenes of seed 101 (5 tile sets x 60)
# and the synthetic hands of seed 7 (60 per game). Both are generated data (datasets/generated, never
# committed) and are never trained on; choose models on other seeds (see models/MODEL_CARD.md).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-/tmp/tilelens-eval}"
PY=.venv/bin/python  # the one ./dev test sets up
GAMES="tokyo-mahjong cinderella-neo nogizaka yokai-watch"
S101=datasets/generated/synth-test-s101
HANDS="${HANDS:-datasets/generated/synth-hands-s7}"  # HANDS=DIR: another copy (DIR/GAME/data.yaml)
mkdir -p "$OUT"
export YOLO_OFFLINE=1

# A set written before faces carried how much of them shows ("face_shown"; hidden ones are labelled
# "tile" in the hands) is made again: the same photos, with the faces nobody can read marked; so is one
# written before a readable face was labelled however little of its tile's sides shows (its CARD.md says
# "tiles visible >=" of the kinds view; 2026-12-04): the same photos, 13 more tiles labelled of 5,084.
for g in hk-mahjong $GAMES; do
    { grep -qs face_shown "$S101/$g/scenes.jsonl" && ! grep -qs "tiles visible >=" "$S101/$g/CARD.md"; } || \
        { rm -rf "${S101:?}/$g"; \
        $PY -c "from vision.synth import make_dataset; \
make_dataset('$g', 60, '$S101/$g', seed=101, imgsz=640, val_fraction=0.5, workers=1)"; }
done
for g in $GAMES; do
    grep -qs ', tile]' "$HANDS/$g/data.yaml" || { rm -rf "${HANDS:?}/$g"; \
        $PY benchmarks/make_synth_hands.py "$g" "$HANDS/$g" --count 60 --seed 7; }
done

run() {  # run NAME ARGS...: one eval, its table kept in OUT/NAME.txt and shown
    local name=$1; shift
    echo "== $name: tilelens eval $*"
    .venv/bin/tilelens eval "$@" 2>"$OUT/$name.log" | tee "$OUT/$name.txt"
}
run synth --data "$S101"
# The scenes draw up to 4 of every kind, more than a real set holds (a third of the Cinderella Girls
# scenes show an idol twice), so their tiles are named each on its own; the hands are dealt from the
# set, and are read as the app reads a photo: within the set's copies.
for g in $GAMES; do run "synth-$g" --data "$S101/$g" --game "$g" --no-set-limit; done
for g in $GAMES; do run "hands-$g" --data "$HANDS/$g/data.yaml" --game "$g"; done
run hk --data hk-heldout --tileset hk-mahjong
run hk-upstream --data hk-heldout-upstream --tileset hk-mahjong  # labels as published (62 wrong: datasets/hk-mahjong-real)
echo "tables in $OUT (models: ${TILELENS_MODELS:-models/})"

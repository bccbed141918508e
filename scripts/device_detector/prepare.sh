# Here, before a device run: what scripts/device_detector/run.sh needs that the device machine lacks.
#   .whl/  ultralytics and the packages the device image does not hold (Python 3.12 wheels, no deps)
#   .gpu/hk/  the enrol part of ../shared/datasets/hk-mahjong-real (../shared does not travel)
#   .gpu/stub/polars  a stand-in: Ultralytics reads results.csv with polars inside a try; the wheel is 50 MB
#   .gpu/init.pt  training weights rebuilt from models/detector.onnx (batch norms from 256 photos)
# Both folders must be ignored (.git/info/exclude: /.whl/ and /.gpu/) and named in the run's carry.
set -e
cd "$(dirname "$0")/../.."
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_17_x86_64 -d .whl ultralytics==8.4.190 ultralytics-thop==2.2.3 \
  ultralytics-platform==0.1.99 matplotlib-fontja==1.1.0 mahjong==2.1.0
mkdir -p .gpu/stub/polars
printf '"""Stand-in for polars on the device machine only."""\n\n\ndef read_csv(*args, **kwargs):\n    raise RuntimeError("polars is not installed here")\n' > .gpu/stub/polars/__init__.py
YOLO_OFFLINE=1 .venv/bin/python - <<'PY'
import random
import shutil
from pathlib import Path

from vision.detector_data import label_path_of
from vision.hk_split import hk_images
from vision.synth import make_dataset
from vision.train import _offline

hk = Path(".gpu/hk")
(hk / "images").mkdir(parents=True, exist_ok=True)
(hk / "labels").mkdir(parents=True, exist_ok=True)
enrol = hk_images("enroll")
for p in enrol:
    shutil.copy(p, hk / "images" / p.name)
    shutil.copy(label_path_of(p), hk / "labels" / p.with_suffix(".txt").name)
photos = list(enrol)
for g in ("tokyo-mahjong", "hk-mahjong", "cinderella-neo", "nogizaka", "yokai-watch"):
    make_dataset(g, 50, f"/tmp/device-calib/{g}", seed=950, imgsz=640, val_fraction=0.1, workers=1, progress=False)
    photos += sorted(Path(f"/tmp/device-calib/{g}/images/train").glob("*.jpg"))
_offline()
from vision.detector_weights import CALIBRATION_PHOTOS, checkpoint_from_onnx  # noqa: E402

random.Random(0).shuffle(photos)
print(checkpoint_from_onnx(Path("models/detector.onnx"), photos[: 4 * CALIBRATION_PHOTOS], Path(".gpu/init.pt")))
PY
du -sh .whl .gpu

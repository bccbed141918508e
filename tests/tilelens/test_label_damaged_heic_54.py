"""A damaged HEIC in a dataset: the Label page and `tilelens label` ask its size (``yolo.image_size``), whose
``Image.open`` crashed the whole process (the app's server with it) on a HEIC that pi-heif cannot open; now one
``LabelFileError`` naming the photo."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEIC = ROOT / "tests" / "vision" / "data" / "heic" / "marked-orientation6.heic"

SIZE_OF = """
import json, sys
from pathlib import Path
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.yolo import image_size
try:
    print(json.dumps(["size", list(image_size(Path(sys.argv[1])))]))
except LabelFileError as exc:
    print(json.dumps([str(exc), exc.message_ja]))
"""


def _size_in_a_child(path: Path) -> list:
    done = subprocess.run([sys.executable, "-c", SIZE_OF, str(path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, f"the reader crashed (exit {done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_size_of_a_heic_that_crashed_the_decoder_is_one_error_naming_it(tmp_path):
    data = bytearray(HEIC.read_bytes())
    data[176] = 0xF7  # the item info's type: pi-heif's HeifFile crashed the process (exit 139)
    path = tmp_path / "seat1.heic"
    path.write_bytes(bytes(data))
    said, said_ja = _size_in_a_child(path)
    assert said.startswith("seat1.heic") and "HEIC" in said, said
    assert "HEIC" in said_ja, said_ja


def test_a_sound_heic_still_gives_its_size_as_shown(tmp_path):
    path = tmp_path / "seat1.heic"
    path.write_bytes(HEIC.read_bytes())
    kind, (w, h) = _size_in_a_child(path)
    assert kind == "size" and w > 0 and h > 0

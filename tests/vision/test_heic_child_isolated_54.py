"""Session 54 review: the HEIC decoding child was started with ``python -c``, which puts the current folder first on
its import path: a ``json.py`` left in a shared event folder beside a ``seat1.heic`` ran as the organiser when
`tilelens check .` (or read, or the Label page) decoded the HEIC there. The child is isolated (``-I``) now."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEIC = ROOT / "tests" / "vision" / "data" / "heic" / "marked-orientation6.heic"

READ = "import sys; sys.path.insert(0, sys.argv[1]); from vision.image_io import load_image; load_image(sys.argv[2])"


def test_a_python_file_in_the_folder_read_from_is_not_run_by_the_heic_child(tmp_path):
    marker = tmp_path / "PWNED"
    (tmp_path / "json.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\nraise ImportError('planted')\n",
                                      encoding="utf-8")
    (tmp_path / "seat1.heic").write_bytes(HEIC.read_bytes())
    # the reader isolated itself (as the `tilelens` command is: its script's folder, not the current one, is on its
    # path), so that only the child could import the planted file
    done = subprocess.run([sys.executable, "-I", "-c", READ, str(ROOT), "seat1.heic"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert not marker.exists(), done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]

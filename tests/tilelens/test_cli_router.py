"""The `tilelens` router: a path that cannot be written is one line and exit 2, never a traceback."""
from __future__ import annotations

import doctest

from label_helpers import make_dataset

from tilelens import cli


def test_a_file_where_a_folder_must_go_is_one_line(tmp_path, capsys):
    """`label export`, `synth`, `contact-sheet`, `label import`, `train quantize` ended in a FileExistsError
    or NotADirectoryError traceback (exit 1)."""
    make_dataset(tmp_path / "ds")
    (tmp_path / "afile").write_text("not a folder")
    code = cli.main(["label", "export", str(tmp_path / "ds"), "--to", "coco", str(tmp_path / "afile" / "x.json")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err.startswith("tilelens label: ") and str(tmp_path / "afile") in err
    code = cli.main(["synth", "--game", "nogizaka", "--out", str(tmp_path / "afile" / "sub"), "--count", "1",
                     "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "is a file, where a folder must go" in err and "Traceback" not in err


def test_os_problem_examples():
    assert doctest.testmod(cli).failed == 0

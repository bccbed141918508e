"""A dataset's data.yaml that cannot be read (review RV1, session 61).

`label init DIR` on a folder whose data.yaml is not readable (mode 000, another user's) said "cannot write
DIR/data.yaml (Permission denied): ... copy the photos into a folder you can write to": the read's refusal was
taken for a write's (``tilelens.cli.not_written_under``). Now ``read_data_yaml`` says the file cannot be read, in
English and Japanese, and init passes that on as it is.

Root reads any file whatever its mode (these tests may run as root), so the refusal is stood in for: reading a
file named data.yaml raises EACCES, as the system raises it for one without read rights.
"""
import errno
import os
from pathlib import Path

import pytest

from scorer.result import error_text
from tilelens.cli import main as tilelens
from tilelens.labelling.model import LabelFileError
from tilelens.labelling.yolo import read_data_yaml


@pytest.fixture
def unreadable(monkeypatch):
    """Every data.yaml refuses to be read (EACCES), as one without read rights does for a user who is not root."""
    real = Path.read_text

    def read_text(self, *a, **k):
        if self.name == "data.yaml":
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real(self, *a, **k)

    monkeypatch.setattr(Path, "read_text", read_text)


@pytest.fixture
def dataset(tmp_path):
    root = tmp_path / "club photos"  # a space in the path: named as it is
    root.mkdir()
    (root / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/val\nnames:\n  0: 1m\n",
                                    encoding="utf-8")
    return root


def test_read_data_yaml_says_it_cannot_be_read(unreadable, dataset):
    with pytest.raises(LabelFileError) as caught:
        read_data_yaml(dataset)
    en, ja = error_text(caught.value, "en"), error_text(caught.value, "ja")
    assert en == f"{dataset / 'data.yaml'}: cannot be read ({os.strerror(errno.EACCES)})", en
    assert ja == f"{dataset / 'data.yaml'}: 読めません (権限がありません)", ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_label_init_says_unreadable_not_unwritable(unreadable, dataset, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = tilelens(["label", "init", str(dataset), "--game", "nogizaka"])
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert code != 0 and len(lines) == 1 and "Traceback" not in err, err
    assert str(dataset / "data.yaml") in lines[0], err
    if lang == "en":
        assert "cannot be read" in lines[0] and "cannot write" not in lines[0], err
    else:
        assert "読めません" in lines[0] and "書き込めません" not in lines[0], err

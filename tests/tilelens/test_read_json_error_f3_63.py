"""Session 63 (F3): `tilelens read --json` on a photo not read: its ``error`` named the photo again ("bad.jpg: not an
image ..."), though its ``path`` names it; a system error (no rights) was said in Japanese under TILELENS_LANG=ja; and
the line on standard error said ``./bad.jpg: bad.jpg: ...`` of a photo named with ./ before it. Now ``error`` is the
problem alone, in English, and standard error names the photo once, as typed."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tilelens.cli import main

NOT_AN_IMAGE = "not an image (unknown or unsupported format)"


def read_json(capsys, *photos: str) -> tuple[int, dict[str, str | None], str]:
    code = main(["read", *photos, "--game", "nogizaka", "--json"])
    out, err = capsys.readouterr()
    assert out.count("\n") == 1, out
    return code, {image["path"]: image["error"] for image in json.loads(out)["images"]}, err


@pytest.fixture
def photos(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("bad.jpg").write_bytes(b"not a photo")
    Path("empty.jpg").write_bytes(b"")
    Path("folder").mkdir()
    return tmp_path


def test_the_error_is_the_problem_alone(photos, capsys):
    code, errors, err = read_json(capsys, "bad.jpg", "./bad.jpg", str(photos / "bad.jpg"), "empty.jpg", "folder",
                                  "gone.jpg")
    assert code == 2
    assert errors == {"bad.jpg": NOT_AN_IMAGE, "./bad.jpg": NOT_AN_IMAGE, str(photos / "bad.jpg"): NOT_AN_IMAGE,
                      "empty.jpg": "empty file, not an image: copy the photo again",
                      "folder": "a folder, not an image file (name the photos in it)",
                      "gone.jpg": "no such image file"}
    lines = err.splitlines()
    # standard error names each photo once, as typed
    assert f"tilelens read: bad.jpg: {NOT_AN_IMAGE}" in lines and f"tilelens read: ./bad.jpg: {NOT_AN_IMAGE}" in lines
    assert "tilelens read: gone.jpg: no such image file" in lines, err


def test_standard_input_is_named_by_its_path_only(photos, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"not a photo")))
    code, errors, err = read_json(capsys, "-")
    assert (code, errors) == (2, {"-": NOT_AN_IMAGE})
    assert err == f"tilelens read: standard input: {NOT_AN_IMAGE}\n"


def test_a_system_error_is_said_in_english_in_the_json_whatever_the_language(photos, capsys, monkeypatch):
    read_bytes = Path.read_bytes

    def refuse(self):
        if self.name == "locked.jpg":
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    Path("locked.jpg").write_bytes(b"x")
    monkeypatch.setattr(Path, "read_bytes", refuse)
    _, en, err_en = read_json(capsys, "locked.jpg")
    monkeypatch.setenv("TILELENS_LANG", "ja")
    _, ja, err_ja = read_json(capsys, "locked.jpg")
    assert en == ja == {"locked.jpg": "Permission denied"}
    assert err_en.startswith("tilelens read: locked.jpg: Permission denied\n"), err_en
    assert err_ja.startswith("tilelens read: locked.jpg: 権限がありません\n"), err_ja

"""`tilelens label check` names an unreadable photo once: its line said "images/a.jpg: a.jpg: not a readable
image ...", the photo's place in the set and then its name again (the reader's message names the file it was
given), in English and in Japanese. The reason is said after the place, as every other problem's is."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from tilelens.cli import main as tilelens


def _set_with(tmp_path: Path, name: str, data: bytes) -> Path:
    root = tmp_path / "ds"
    (root / "images").mkdir(parents=True)
    (root / "labels").mkdir()
    (root / "images" / name).write_bytes(data)
    (root / "labels" / f"{Path(name).stem}.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    (root / "data.yaml").write_text("train: images\nval: images\nnames: [1m]\n")
    return root


def _jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (64, 48), (200, 30, 30)).save(buf, "JPEG")
    return buf.getvalue()


BROKEN = {"not a photo": b"not a jpeg at all", "empty": b"", "cut short": _jpeg()[:300]}


def _check(capsys, root: Path, *more: str) -> str:
    try:
        tilelens(["label", "check", str(root), *more])
    except SystemExit:
        pass
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_an_unreadable_photo_is_named_once_on_its_line(tmp_path, cli_env, capsys, lang, broken):
    cli_env(TILELENS_LANG=lang)
    out = _check(capsys, _set_with(tmp_path, "a.jpg", BROKEN[broken]))
    line = next(line for line in out.splitlines() if "images/a.jpg" in line)
    assert line.count("a.jpg") == 1, line
    said = line.split("images/a.jpg: ", 1)[1]  # the reason, after the place
    japanese = any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in said)  # kana or kanji
    assert japanese == (lang == "ja") and len(said) > 5, line


def test_the_json_report_names_the_photo_by_its_place_and_says_why_apart(tmp_path, cli_env, capsys):
    cli_env()
    out = _check(capsys, _set_with(tmp_path, "seat 1.jpg", BROKEN["not a photo"]), "--json")
    issue = next(i for i in json.loads(out)["issues"] if i["kind"] == "unreadable-photo")
    assert issue["path"] == "images/seat 1.jpg"
    assert "seat 1.jpg" not in issue["message"] and "not an image" in issue["message"], issue

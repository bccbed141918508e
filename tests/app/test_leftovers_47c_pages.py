"""Leftovers (47c): the Label page's dataset-check lines shown as typed (a class name with ``*`` not italic, a
label file's line 100 not the 💯 emoji)."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from app_helpers import open_page

WJ = "\u2060"  # the word joiner as_typed puts after a shortcode's colon: unseen, it keeps the shortcode a shortcode


def _dataset(root: Path) -> Path:
    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "images/train/a.jpg")
    boxes = (Box("1m", (0.1, 0.1, 0.3, 0.5)),)
    write_yolo(Dataset(("1m", "*odd*"), (LabelledImage("images/train/a.jpg", (160, 120), boxes),), "tokyo-mahjong",
                       {}), root)
    # line 100 of a.txt has 4 fields: "labels/train/a.txt:100:" read ":100:", the emoji shortcode of 💯
    (root / "labels/train/a.txt").write_text("0 0.2 0.3 0.2 0.4\n" + "\n" * 98 + "0 0.5 0.5 0.2\n")
    return root


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_dataset_checks_lines_are_shown_as_typed_on_the_label_page(home, tmp_path, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(_dataset(tmp_path / "ds")))
    at = open_page("label", lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    lines = [str(e.value) for e in (*at.error, *at.warning)]
    odd = [v for v in lines if "odd" in v]
    hundred = [v for v in lines if "a.txt:" in v and "100" in v]
    assert odd and hundred, lines
    for v in odd:  # the class name in quotes read "odd" in italics
        assert r"'\*odd\*'" in v and "*odd*" not in v.replace(r"\*odd\*", ""), v
    for v in hundred:  # the location read "labels/train/a.txt💯"
        assert ":100:" not in v and f"a.txt:{WJ}100:" in v, v
    panel = [v.value for v in at.error if "a.txt:" in v.value and "100" in v.value]  # the dataset panel's line
    seen = ("項目が4個あります。5個 (class xc yc w h) のはずです", "4 fields, expected 5 (class xc yc w h)")
    assert panel and panel[0].replace(WJ, "").endswith(seen), panel  # the joiner unseen, the rest as it was

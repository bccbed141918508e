"""Session 58 (V2): ``tilelens read`` says the photo page's notes (F1), and so said of a grey photo of a rendered rack
that 7 of its 14 tiles are read unsurely, first, before its lack of colour; tests of session 47 wanted the colour
note alone. The note is true of the photo: the page, reading the same bytes, says the same count first."""
from __future__ import annotations

import json
import re
from pathlib import Path

import cv2
import pytest

from tilelens.cli import main as tilelens

HAND = "1m 2m 3m 4p 0p 6p 7s 8s 9s 1z 1z 7z 7z 7z".split()  # test_odd_photos_47's rack
MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"
UNSURE = re.compile(r"(\d+) of (\d+) tiles were read with low confidence")


@pytest.fixture(scope="module")
def grey_rack() -> bytes:
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", HAND, seed=3, layout="rack").image
    return cv2.imencode(".jpg", cv2.cvtColor(scene, cv2.COLOR_BGR2GRAY), [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def test_a_grey_rack_read_says_the_many_unsure_tiles_the_photo_page_says_first(tmp_path, monkeypatch, capsys,
                                                                              grey_rack):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    photo = tmp_path / "grey.jpg"
    photo.write_bytes(grey_rack)
    assert tilelens(["read", str(photo), "--game", "tokyo-mahjong", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["images"][0]
    read_said = [(n["note"], n["text"]) for n in entry["notes"]]

    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    at.session_state["lang"] = "en"
    at.switch_page("views/score_photo.py").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.file_uploader(key="photo_upload").set_value(("grey.jpg", grey_rack, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_reading"].hand == entry["kinds"]  # the same reading
    page_said = [w.value for w in at.warning]

    page_unsure = [UNSURE.search(w).groups() for w in page_said if UNSURE.search(w)]
    read_unsure = [UNSURE.search(text).groups() for note, text in read_said if note == "unsure_many"]
    assert read_unsure == page_unsure, (read_said, page_said)  # said by both, of the same count, or by neither
    faces = [t for t in entry["tiles"] if not t.get("off_row")]
    if read_unsure:  # many unsure: more than a third of the hand marked ? (7 of 14 when measured)
        n, m = map(int, read_unsure[0])
        assert n == sum(t["unsure"] for t in faces) and m == len(faces) and n * 3 > m, entry["tiles"]
    # both say the reasons to retake before the lack of colour
    first = ["unsure_many"] if read_unsure else []
    assert [note for note, _ in read_said if note != "small_tiles"] == [*first, "colourless"], read_said
    colour = next(i for i, w in enumerate(page_said) if "no colour" in w)
    assert all(i < colour for i, w in enumerate(page_said) if UNSURE.search(w)), page_said

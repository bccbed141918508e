"""Session 58 (G1): on a grey photo, or one stored in 256 colours, many tiles are read unsurely for the lost colour,
not for focus or light. The photo page and ``tilelens read`` said "try a retake (in focus, the camera held still, in
good light)" and then, below, that the photo has no colour (or few colours): the sentence about the unsure tiles now
names that cause and asks for a photo in colour (or the camera's own), in both languages, the page and read alike."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from tilelens.cli import main as tilelens

HAND = "1m 2m 3m 4p 0p 6p 7s 8s 9s 1z 1z 7z 7z 7z".split()  # test_odd_photos_47's rack
MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"
UNSURE = {"en": re.compile(r"(\d+) of (\d+) tiles were read with low confidence"),
          "ja": re.compile(r"(\d+)枚中(\d+)枚の牌の信頼度が低く")}
FOCUS = {"en": ("in focus", "good light", "held still"), "ja": ("ピント", "明るい場所", "動かさず")}
CAUSE = {"grey": {"en": ("is grey", "in colour"), "ja": ("色がない", "カラーで")},
         "palette": {"en": ("256 colours", "camera's own photo"), "ja": ("256色", "元の写真")}}
NOTE_SAID = {"grey": {"en": "no colour", "ja": "色がありません"}, "palette": {"en": "256 colours", "ja": "256色"}}
SUFFIX = {"grey": "jpg", "palette": "gif"}


@pytest.fixture(scope="module")
def photos() -> dict[str, bytes]:
    from vision.synth import render_hand

    scene = render_hand("tokyo-mahjong", HAND, seed=3, layout="rack").image
    grey = cv2.imencode(".jpg", cv2.cvtColor(scene, cv2.COLOR_BGR2GRAY), [cv2.IMWRITE_JPEG_QUALITY, 92])[1]
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(scene[:, :, ::-1])).quantize(256).save(buf, "GIF")
    return {"grey": grey.tobytes(), "palette": buf.getvalue()}


def unsure_said(said: list[str], lang: str) -> list[str]:
    return [s for s in said if UNSURE[lang].search(s)]


def names_the_cause(sentence: str, kind: str, lang: str) -> bool:
    return all(w in sentence for w in CAUSE[kind][lang]) and not any(w in sentence for w in FOCUS[lang])


@pytest.mark.parametrize("kind", ["grey", "palette"])
def test_read_names_the_lost_colour_as_the_cause_of_the_unsure_tiles(tmp_path, monkeypatch, capsys, photos, kind):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    photo = tmp_path / f"hand.{SUFFIX[kind]}"
    photo.write_bytes(photos[kind])
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert tilelens(["read", str(photo), "--game", "tokyo-mahjong", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["images"][0]
    said = {n["note"]: n["text"] for n in entry["notes"]}
    # the id stays unsure_many (a script keys on it), its colour note still said after it
    assert "unsure_many" in said and ("colourless" if kind == "grey" else "palette") in said, entry["notes"]
    assert names_the_cause(said["unsure_many"], kind, "en"), said["unsure_many"]
    for lang in ("en", "ja"):
        monkeypatch.setenv("TILELENS_LANG", lang)
        assert tilelens(["read", str(photo), "--game", "tokyo-mahjong"]) == 0
        lines = unsure_said(capsys.readouterr().out.splitlines(), lang)
        assert len(lines) == 1 and names_the_cause(lines[0], kind, lang), lines


@pytest.mark.parametrize("kind", ["grey", "palette"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_photo_page_names_the_lost_colour_as_read_does(tmp_path, monkeypatch, capsys, photos, kind, lang):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    monkeypatch.setenv("TILELENS_LANG", lang)
    photo = tmp_path / f"hand.{SUFFIX[kind]}"
    photo.write_bytes(photos[kind])
    assert tilelens(["read", str(photo), "--game", "tokyo-mahjong"]) == 0
    read_said = unsure_said(capsys.readouterr().out.splitlines(), lang)

    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    at.session_state["lang"] = lang
    at.switch_page("views/score_photo.py").run()
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.file_uploader(key="photo_upload").set_value((photo.name, photos[kind], "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    page_said = unsure_said([w.value for w in at.warning], lang)
    assert len(page_said) == 1 and names_the_cause(page_said[0], kind, lang), page_said
    # the same count as read says, and the colour note itself still said after it
    assert [UNSURE[lang].search(s).groups() for s in page_said] == [UNSURE[lang].search(s).groups() for s in read_said]
    alerts = [a.value for a in (*at.warning, *at.info) if a.value not in page_said]
    assert any(NOTE_SAID[kind][lang] in a for a in alerts), alerts

"""A phone is never shown the laptop's folders, also where no model can read its photo.

The Score page said to a phone (``TILELENS_VISITOR=network``) "No recognition model can read this:
/tmp/W12/m-det-text/detector.onnx is not a model file..." (``score_photo.problem_text``), and the Event check page
likewise (``event_check.check_table``'s ``no_model``): the paths are said as the pages say every path to a phone
(``visitor.said_paths``: by the file's own name), and whole to the person at the computer, as before."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from app_helpers import event_support, open_page, synthetic

YOKAI = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


def _text_models(tmp_path):
    """A models folder whose detector is a text file (a Git LFS pointer where the model should be)."""
    models = tmp_path / "laptop-secret" / "models"
    models.mkdir(parents=True)
    (models / "detector.onnx").write_text("version https://git-lfs.github.com/spec/v1\n")
    for name in ("classifier-yokai-watch", "classifier-nogizaka"):
        (models / f"{name}.onnx").write_text("hello\n")
    return models


def _score_page_errors(monkeypatch, tmp_path, visitor: str | None) -> list[str]:
    monkeypatch.setenv("TILELENS_MODELS", str(_text_models(tmp_path)))  # a folder of its own: read afresh
    if visitor:
        monkeypatch.setenv("TILELENS_VISITOR", visitor)
    at = open_page("score_photo", "yokai-watch")
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("yokai-watch", YOKAI), "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    return [e.value for e in at.error]


def test_the_score_page_names_no_folder_of_the_laptop_to_a_phone(home, monkeypatch, tmp_path):
    said = _score_page_errors(monkeypatch, tmp_path, "network")
    assert said and any("detector.onnx" in e for e in said), said
    assert not any("laptop-secret" in e or str(tmp_path) in e for e in said), said


def test_the_score_page_names_the_model_whole_at_the_computer(home, monkeypatch, tmp_path):
    said = _score_page_errors(monkeypatch, tmp_path, None)
    assert any(str(tmp_path / "laptop-secret" / "models" / "detector.onnx") in e for e in said), said


@pytest.mark.parametrize("visitor", ["network", None])
def test_the_event_page_names_no_folder_of_the_laptop_to_a_phone(home, monkeypatch, tmp_path, visitor):
    support = event_support()
    reader = support.ExactReader()
    path = tmp_path / "s1.png"
    reader.draw(path, support.CLEAN["1"])
    buf = io.BytesIO()
    Image.open(path).save(buf, format="PNG")
    models = _text_models(tmp_path)
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    if visitor:
        monkeypatch.setenv("TILELENS_VISITOR", visitor)
    at = open_page("event_check", game="nogizaka")
    at.file_uploader(key="event_seat_1").set_value(("seat1.png", buf.getvalue(), "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [e.value for e in at.error]
    assert any("detector.onnx" in e for e in said), said
    if visitor:
        assert not any("laptop-secret" in e or str(tmp_path) in e for e in said), said
    else:
        assert any(str(models / "detector.onnx") in e for e in said), said

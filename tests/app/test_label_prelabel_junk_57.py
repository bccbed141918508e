"""Session 57: "Pre-label with the model" on a folder where one photo cannot be read said a traceback
(``TypeError: 'str' object is not callable``: a local ``said`` shadowed the page's ``said()``). The unreadable photo
is named in a note, the readable one is pre-labelled."""
from __future__ import annotations

from types import SimpleNamespace

from app_helpers import open_page, texts
from PIL import Image

from app.components import resources


class _Reader:
    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="2m",
                                                      is_back=False)])


def test_a_junk_photo_is_named_and_the_page_goes_on(tmp_path, monkeypatch):
    folder = tmp_path / "photos"
    folder.mkdir()
    Image.new("RGB", (100, 80), (200, 200, 200)).save(folder / "x.jpg")
    (folder / "bad.jpg").write_bytes(b"junk")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(folder))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = open_page("label", lang="en")
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = texts(at)
    assert "bad.jpg" in said
    assert (folder / "data.yaml").exists() or any((folder / "labels").rglob("x.txt"))

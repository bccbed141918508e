"""Session 57 (L1, P3): a folder of loose photos where one file is not a photo (``junk.jpg``). The Label page said
"no data.yaml yet (3 photos)", counting it; and every Add photos after the pre-labelling said "junk.jpg: not an image
... (left where it is)" again. The photos are counted, the other file named once beside the count, and its warning is
said once a session."""
from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image

from app.components import resources
from app_helpers import open_page, texts


class _Reader:
    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="2m",
                                                      is_back=False)], other_game=False)


def _jpeg(colour) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (100, 80), colour).save(out, "JPEG")
    return out.getvalue()


@pytest.fixture
def loose(home, tmp_path, monkeypatch):
    """A folder of two photos and ``junk.jpg`` (not a photo) opened on the Label page of the laptop."""
    folder = tmp_path / "photos"
    folder.mkdir()
    for i in range(2):
        (folder / f"hand{i}.jpg").write_bytes(_jpeg((40 * i, 120, 90)))
    (folder / "junk.jpg").write_bytes(b"not a photo at all")
    monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(folder))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    return folder


@pytest.mark.parametrize("lang, count, other", [("en", "(2 photos)", "junk.jpg"), ("ja", "(写真 2枚)", "junk.jpg")])
def test_the_count_is_of_photos_and_the_other_file_is_named(loose, lang, count, other):
    at = open_page("label", lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    intro = [i.value for i in at.info if "data.yaml" in i.value]
    assert intro and count in intro[0], intro
    assert texts(at).count(other) == 1, texts(at)


def _warned(at, name: str) -> list[str]:
    return [w.value for w in at.warning if name in w.value]


def _add(at, name: str, colour) -> None:
    up = next(u for u in at.get("file_uploader") if u.key.startswith("label_upload_add"))
    up.set_value([(name, _jpeg(colour), "image/jpeg")]).run()
    at.button(key="label_add").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_other_files_warning_is_said_once_not_at_every_add(loose, lang):
    at = open_page("label", lang=lang)
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(_warned(at, "junk.jpg")) == 1  # said once, after the pre-labelling
    assert (loose / "junk.jpg").is_file()  # left where it is
    _add(at, "more.jpg", (200, 10, 10))
    assert any("more" in s.value for s in at.success) or (loose / "images/train/more.jpg").is_file()
    assert not _warned(at, "junk.jpg"), _warned(at, "junk.jpg")
    _add(at, "again.jpg", (10, 200, 10))
    assert not _warned(at, "junk.jpg"), _warned(at, "junk.jpg")
    assert (loose / "images/train/again.jpg").is_file()


def test_a_file_left_before_is_not_taken_off_the_photos_saved(loose, monkeypatch):
    """Photos filed to be labelled by hand (no model reads the game): "Saved 1 photo", the junk left loose before and
    tried again not counted against the photo just added ("Saved 0 photos")."""
    from app.components import label_datasets
    from tilelens.labelling import prelabel

    at = open_page("label", lang="en")
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    real = prelabel.prelabel_folder

    def by_hand(*args, **kwargs):
        done = real(*args, **kwargs)
        return prelabel.PrelabelSummary(done.photos, 0, done.kept, 0, done.unreadable, no_reader=("none", "なし"))

    monkeypatch.setattr(label_datasets.prelabel, "prelabel_folder", by_hand)
    _add(at, "more.jpg", (200, 10, 10))
    assert "Saved 1 photo." in [s.value for s in at.success], [s.value for s in at.success]

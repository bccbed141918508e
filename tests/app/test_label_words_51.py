"""Session 51: the Label page's "saved" line counts its photos in English ("Saved 1 photo.", "Saved 2 photos.");
the Japanese counts them with 枚 either way."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from app_helpers import add_a_photo, open_page, texts
from test_added_game_50 import club_text

from app import settings


def _jpeg(colour) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (100, 80), colour).save(out, "JPEG")
    return out.getvalue()


class _NoTiles:
    def read(self, image, source=None):
        from types import SimpleNamespace

        return SimpleNamespace(tiles=[])


@pytest.mark.parametrize("lang, n, want", [("en", 1, "Saved 1 photo."), ("en", 2, "Saved 2 photos."),
                                           ("ja", 1, "1枚を保存しました。")])
def test_a_new_dataset_says_how_many_photos_it_saved(tmp_path, monkeypatch, home, lang, n, want):
    from app.components import resources

    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _NoTiles())
    at = open_page("label", lang=lang)
    at.text_input(key="label_new_name").set_value("my set")
    at.file_uploader(key="label_upload_new_0").set_value(
        [(f"p{i}.jpg", _jpeg((200, 40 * i, 0)), "image/jpeg") for i in range(n)])
    at.button(key="label_new_create").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert want in texts(at), texts(at)


def test_one_photo_added_to_a_dataset_no_model_reads_is_one_photo(home, tmp_path, monkeypatch):
    settings.add_game(club_text())
    for i in range(2):
        Image.new("RGB", (100, 80), (200 - 40 * i, 200, 40 * i)).save(tmp_path / f"p{i}.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("score_manual", "club", "en")
    at.switch_page("views/label.py").run()
    at.button(key="label_init").click().run()
    add_a_photo(at)
    assert not at.exception, [e.value for e in at.exception]
    done = [s.value for s in at.success]
    assert "Saved 1 photo." in done, done

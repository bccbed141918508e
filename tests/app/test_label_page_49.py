"""The Label page: photos pre-labelled as another game than theirs are named in a warning (as the photo page warns
of one); a folder that is not there, a file, a path pasted with its quotes and the home folder each get a plain
answer, not a command line; an unreadable photo is said in plain words, once beside the photo."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from app_helpers import add_a_photo, label_page_dataset, open_page, texts


class _OtherGameReader:
    """One 2m in the middle of every photo; a photo 110 pixels wide reads as another game's tiles."""

    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="2m",
                                                      is_back=False)], other_game=w == 110)


def _wrong_game_folder(tmp_path: Path, monkeypatch) -> Path:
    from app.components import resources

    folder = tmp_path / "photos"
    folder.mkdir()
    Image.new("RGB", (100, 80), (200, 200, 200)).save(folder / "mahjong.jpg")
    Image.new("RGB", (110, 80), (150, 150, 150)).save(folder / "yokai.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(folder))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _OtherGameReader())
    return folder


@pytest.mark.parametrize("lang, words, game", [("en", "do not look like", "Tokyo"), ("ja", "見えません", "東京")])
def test_prelabelling_photos_of_another_game_names_them(tmp_path, monkeypatch, home, lang, words, game):
    _wrong_game_folder(tmp_path, monkeypatch)
    at = open_page("label", lang=lang)
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    assert not at.exception
    (warning,) = [w.value for w in at.warning if words in w.value]
    assert "images/train/yokai.jpg" in warning and "mahjong.jpg" not in warning
    assert game in warning  # the game chosen, by its name


def test_adding_photos_of_another_game_names_them(tmp_path, monkeypatch, home):
    _wrong_game_folder(tmp_path, monkeypatch)
    at = open_page("label", lang="en")
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    add_a_photo(at)
    assert not at.exception
    assert any("do not look like" in w.value and "more.jpg" in w.value for w in at.warning)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_folder_not_there_or_a_file_is_said_so_without_a_command_line(tmp_path, monkeypatch, home, lang):
    (tmp_path / "afile.txt").write_text("x")
    (tmp_path / "odd" / "data.yaml").mkdir(parents=True)
    at = open_page("label", lang=lang)
    assert "tilelens label" not in at.text_input(key="label_dir").help  # no command line in its help either
    for typed, said in ((tmp_path / "nowhere", ("is not there", "ありません")),
                        (tmp_path / "afile.txt", ("is a file", "ファイルです")),
                        (tmp_path / "odd", ("data.yaml` is a folder", "data.yaml` はフォルダです"))):
        at.text_input(key="label_dir").set_value(str(typed)).run()
        assert not at.exception
        (error,) = at.error
        assert str(typed) in error.value and said[lang == "ja"] in error.value
        assert "tilelens label" not in texts(at) and "no data.yaml" not in error.value


def test_a_path_pasted_with_its_quotes_opens_the_dataset(tmp_path, monkeypatch, home):
    root = label_page_dataset(tmp_path, monkeypatch)
    monkeypatch.delenv("TILELENS_LABEL_DIR")
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(f' "{root}" ').run()  # Windows' "Copy as path", a space around it
    assert not at.exception
    assert "1/3: `a.jpg`" in texts(at) and not at.error


@pytest.mark.parametrize("lang, said", [("en", "home folder"), ("ja", "ホームフォルダ")])
def test_the_home_folder_is_not_offered_as_a_dataset(tmp_path, monkeypatch, home, lang, said):
    me = tmp_path / "me"
    me.mkdir()
    Image.new("RGB", (100, 80)).save(me / "holiday.jpg")
    monkeypatch.setenv("HOME", str(me))
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value("~").run()
    assert not at.exception
    assert not any(b.key == "label_init" for b in at.button)  # no pre-labelling the home folder's photos
    (error,) = at.error
    assert said in error.value and str(me) in error.value
    assert sorted(p.name for p in me.iterdir()) == ["holiday.jpg"]


@pytest.mark.parametrize("lang, plain", [("en", "not an image (unknown or unsupported format)"), ("ja", "形式が不明か")])
def test_an_unreadable_photo_is_said_in_plain_words_once(tmp_path, monkeypatch, home, lang, plain):
    root = label_page_dataset(tmp_path, monkeypatch)
    (root / "images/train/a.jpg").write_bytes(b"junk")
    at = open_page("label", lang=lang)
    assert not at.exception
    shown = texts(at)
    assert "Error" not in shown and "UnidentifiedImageError" not in shown  # no Python exception names
    assert plain in shown
    # said once beside the photo (its error), not again as the dataset check's finding on this photo
    assert sum(plain in e.value for e in at.error if "a.jpg" in e.value) == 2  # beside it, and in the checks' list
    assert not [w.value for w in at.warning if w.value.startswith(("What the dataset check", "データセットのチェック"))]

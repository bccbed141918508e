"""The Label page and a new tile set: a person adds a tile kind of their own (a Hong Kong set's flowers), offered
then by the kind picker and the picture picker; says kinds never seen are not in their set; and the warning of
photos pre-labelled whose tiles do not look like the game's also names a tile set not learnt yet, with at most a
few photos listed."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from PIL import Image

from app_helpers import label_page_dataset, open_page, texts


def _names(root: Path) -> list[str]:
    return list(yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))["names"].values())


def _expanders(at) -> list[str]:
    return [e.label for e in at.expander]


def _add_kind(at, kind: str, name: str = ""):
    at.text_input(key="label_new_kind_id").set_value(kind)
    at.text_input(key="label_new_kind_name").set_value(name)
    at.button(key="label_new_kind_add").click().run()
    return at


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_person_adds_a_tile_kind_of_their_own(tmp_path, monkeypatch, home, lang):
    root = label_page_dataset(tmp_path, monkeypatch)
    at = open_page("label", lang=lang)
    at.session_state["label_sel"] = 0
    at.run()
    _add_kind(at, "f1", "Plum")
    assert not at.exception, [e.value for e in at.exception]
    assert _names(root)[-1] == "f1"
    kind_box = next(s for s in at.selectbox if s.key and s.key.startswith("label_kind_"))
    assert "f1" in kind_box.options[-1] and "Plum" in kind_box.options[-1]
    assert at.button(key="label_pick_f1")  # the picker offers it too (no picture: its name)
    at.button(key="label_pick_f1").click().run()
    assert not at.exception
    label = (root / "labels" / "train" / "a.txt").read_text().splitlines()
    assert label[0].split()[0] == str(_names(root).index("f1"))


@pytest.mark.parametrize("kind, words", [("花", "ASCII"), ("1m", "already")])
def test_a_kind_that_cannot_be_added_is_said(tmp_path, monkeypatch, home, kind, words):
    root = label_page_dataset(tmp_path, monkeypatch)
    before = (root / "data.yaml").read_text()
    at = open_page("label", lang="en")
    at.session_state["label_sel"] = 0
    at.run()
    _add_kind(at, kind)
    assert not at.exception
    assert any(words in e.value for e in at.error)
    assert (root / "data.yaml").read_text() == before


def test_kinds_never_seen_can_be_said_not_in_the_set(tmp_path, monkeypatch, home):
    root = label_page_dataset(tmp_path, monkeypatch)  # kinds 1m 2m 3m 7z; 3m and 7z never seen
    at = open_page("label", lang="en")
    assert "Kinds never seen (2)" in _expanders(at)
    at.multiselect(key="label_absent_pick").set_value(["7z"]).run()
    at.button(key="label_absent_mark").click().run()
    assert not at.exception
    assert yaml.safe_load((root / "data.yaml").read_text())["absent"] == ["7z"]
    shown = _expanders(at)
    assert "Kinds never seen (1)" in shown and "Kinds never seen (2)" not in shown
    assert "Not in this set: Red dragon" in texts(at)


class _OtherGameReader:
    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind="2m",
                                                      is_back=False)], other_game=True)


@pytest.mark.parametrize("lang, words, more", [("en", "not learnt yet", "and 3 more"), ("ja", "まだ覚えていない", "ほか 3枚")])
def test_the_wrong_game_warning_names_a_new_set_and_few_photos(tmp_path, monkeypatch, home, lang, words, more):
    from app.components import resources

    folder = tmp_path / "photos"
    folder.mkdir()
    for i in range(6):
        Image.new("RGB", (100, 80), (20 * i, 200, 200)).save(folder / f"p{i}.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(folder))
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _OtherGameReader())
    at = open_page("label", lang=lang)
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    assert not at.exception
    (warning,) = [w.value for w in at.warning if words in w.value]
    assert more in warning and "--tileset" not in warning
    assert warning.count("images/train/") == 3

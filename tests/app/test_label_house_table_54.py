"""Session 54: the Label page labels with the table the app plays (the club's house table edited on the Rules
page), as "Keep this photo" and `tilelens label` do, and says so. A house table where himetan graduated and sakura
joined (the walkthrough's v2.toml): the page pre-labelled with the box's kinds (himetan, no sakura), added
``sakura`` as a kind of the dataset's own, and then drew the button ``label_pick_sakura`` twice (the game's picture
and the dataset's own kind): ``StreamlitDuplicateElementKey`` each time a box was selected. A kind the house table
dropped (himetan) in a dataset labelled before was an error that said "add it", shown with its raw code."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from PIL import Image

from app_helpers import open_page, texts

from app import settings


def house_text() -> str:
    """Nogizaka as the club plays it: himetan graduated, sakura (yellow) joined in her place."""
    return (settings.game_text("nogizaka").replace('id = "himetan"', 'id = "sakura"', 1)
            .replace('member = "himetan"', 'member = "sakura"', 1))


def shipped_names() -> tuple[str, ...]:
    from scorer import load_game

    return tuple(t.id for t in load_game("nogizaka").tiles)


def dataset(root: Path, names: tuple[str, ...], kinds: tuple[str, ...] = ("rarin", "himetan"),
            own: dict | None = None) -> Path:
    """One photo with a box of each of ``kinds``, its data.yaml naming ``names`` (and ``own`` kinds)."""
    from tilelens.labelling.model import Box, Dataset, LabelledImage
    from tilelens.labelling.yolo import write_yolo

    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (200, 100), (90, 140, 90)).save(root / "images/train/a.jpg")
    boxes = tuple(Box(k, (0.1 + 0.3 * i, 0.1, 0.3 + 0.3 * i, 0.9)) for i, k in enumerate(kinds))
    write_yolo(Dataset(names, (LabelledImage("images/train/a.jpg", (200, 100), boxes),), "nogizaka"), root)
    if own:
        data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
        data["own_kinds"] = own
        (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return root


def opened(root: Path, lang: str = "en", select: bool = True):
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(str(root)).run()
    if select:
        at.session_state["label_sel"] = 0  # a box chosen: the pickers are drawn
        at.run()
    return at


def picks(at) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith("label_pick_")]


def test_an_own_kind_that_is_a_tile_of_the_house_table_is_drawn_once(home, tmp_path):
    """The walkthrough's dataset: the box's kinds, then sakura added as the dataset's own."""
    settings.save_house_table("nogizaka", house_text())
    root = dataset(tmp_path / "ds", (*shipped_names(), "sakura"), own={"sakura": "さくら"})
    for _ in range(2):  # and again when the dataset is opened again
        at = opened(root)
        assert not at.exception, [e.value for e in at.exception]
        assert picks(at).count("label_pick_sakura") == 1
        assert "label_pick_himetan" in picks(at)  # not in the table in use, still a kind of the dataset: by name
        assert len(picks(at)) == len(set(picks(at)))


def test_no_kind_is_drawn_twice_whatever_the_data_says(home, tmp_path):
    """An own kind equal to a tile of the game (no house table), and own kinds named as the picker's own keys."""
    names = (*shipped_names(), "filter", "cell_rarin")
    root = dataset(tmp_path / "ds", names, own={"rarin": "Rarin", "filter": "F", "cell_rarin": "C"})
    at = opened(root)
    assert not at.exception, [e.value for e in at.exception]
    assert picks(at).count("label_pick_rarin") == 1
    assert len(picks(at)) == len(set(picks(at)))
    assert {"F", "C"} <= {b.proto.help for b in at.button if b.key in picks(at)}  # both own kinds offered, by name
    at.button(key="label_pick_rarin").click().run()
    assert not at.exception
    assert (root / "labels/train/a.txt").read_text().split()[0] == str(names.index("rarin"))


def test_a_tile_of_the_house_table_cannot_be_added_again_as_an_own_kind(home, tmp_path):
    """A dataset of the house table's kinds (Keep this photo's): sakura is one of them already."""
    settings.save_house_table("nogizaka", house_text())
    names = tuple(t.id for t in settings.app_game("nogizaka").tiles)
    root = dataset(tmp_path / "ds", names, kinds=("rarin", "sakura"))
    before = (root / "data.yaml").read_text()
    at = opened(root)
    at.text_input(key="label_new_kind_id").set_value("sakura")
    at.text_input(key="label_new_kind_name").set_value("さくら")
    at.button(key="label_new_kind_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("already one of this dataset's kinds" in e.value for e in at.error)
    assert (root / "data.yaml").read_text() == before
    at.session_state["label_sel"] = 1
    at.run()
    assert not at.exception and picks(at).count("label_pick_sakura") == 1


class _Reader:
    """Stands in for the recognizer: a sakura and a himetan (a kind the house table dropped) on every photo."""

    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[
            SimpleNamespace(xyxy=(0.1 * w, 0.2 * h, 0.3 * w, 0.8 * h), kind="sakura", is_back=False),
            SimpleNamespace(xyxy=(0.5 * w, 0.2 * h, 0.7 * w, 0.8 * h), kind="himetan", is_back=False)])


@pytest.mark.parametrize("lang, words", [("en", "house table"), ("ja", "ハウスルール")])
def test_pre_labelling_takes_the_house_table_s_kinds_and_says_so(home, tmp_path, monkeypatch, lang, words):
    from app.components import resources

    settings.save_house_table("nogizaka", house_text())
    folder = tmp_path / "photos"
    folder.mkdir()
    Image.new("RGB", (100, 80), (200, 200, 200)).save(folder / "x.jpg")
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(str(folder)).run()
    at.selectbox(key="label_init_game").set_value("nogizaka").run()
    assert words in texts(at)  # which table, before the button is pressed
    at.button(key="label_init").click().run()
    assert not at.exception, [e.value for e in at.exception]
    names = list(yaml.safe_load((folder / "data.yaml").read_text(encoding="utf-8"))["names"].values())
    assert names == [t.id for t in settings.app_game("nogizaka").tiles]  # as Keep this photo writes them
    assert "sakura" in names and "himetan" not in names
    assert (folder / "labels/train/x.txt").read_text().split()[0] == str(names.index("sakura"))
    shown = texts(at)
    assert "himetan" in shown and words in shown  # the proposal dropped, said with the table it is not in
    assert not at.error, [e.value for e in at.error]  # no "is not a tile of nogizaka" of the kinds just written


@pytest.mark.parametrize("lang, words, wrong", [
    ("en", "not in the table in use", "add it"),
    ("ja", "使用中の表にありません", "追加してください")])
def test_a_kind_the_house_table_dropped_stays_and_is_said_as_such(home, tmp_path, lang, words, wrong):
    """A dataset labelled under the box's table (himetan): its labels stay; a warning, not "add it"."""
    settings.save_house_table("nogizaka", house_text())
    root = dataset(tmp_path / "ds", shipped_names())
    label = (root / "labels/train/a.txt").read_text()
    at = opened(root, lang)
    assert not at.exception, [e.value for e in at.exception]
    said = [w.value for w in at.warning if "himetan" in w.value]
    assert said and words in said[0] and wrong not in said[0], said
    assert not [e.value for e in at.error if "himetan" in e.value]
    assert "label_pick_himetan" in picks(at)
    assert (root / "labels/train/a.txt").read_text() == label


@pytest.mark.parametrize("lang, words", [("en", "class 'zzz' is not a tile of nogizaka"),
                                         ("ja", "「zzz」は乃木坂")])
def test_a_problem_is_said_in_the_page_s_language_without_its_code(home, tmp_path, lang, words):
    root = dataset(tmp_path / "ds", (*shipped_names(), "zzz"))
    at = opened(root, lang, select=False)
    shown = [e.value for e in at.error if "zzz" in e.value]
    assert shown and words in shown[0], shown
    assert "unknown-tile-kind" not in texts(at)

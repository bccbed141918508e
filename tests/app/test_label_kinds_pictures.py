"""The Label page's kinds never seen (and those with too few boxes) as small tile pictures with their names
under them, in an expander that says how many (closed when the list is long), not one long line of names
nobody can picture (a Cinderella Girls set: dozens of idol names)."""
from __future__ import annotations

import pytest
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

from app_helpers import label_page_dataset, open_page, texts


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    return label_page_dataset(tmp_path, monkeypatch)


def _own_dataset(root, names, game="tokyo-mahjong", meta=None):
    """One photo with a 1m and a 2m box; ``names`` the dataset's kinds."""
    root.mkdir(parents=True)
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "images/train/a.jpg")
    boxes = (Box("1m", (0.1, 0.1, 0.3, 0.5)), Box("2m", (0.4, 0.1, 0.6, 0.5)))
    write_yolo(Dataset(tuple(names), (LabelledImage("images/train/a.jpg", (160, 120), boxes),), game, meta or {}),
               root)
    return root


def expander(at, label):
    found = [e for e in at.expander if e.label == label]
    assert found, [e.label for e in at.expander]
    return found[0]


def captions(block) -> list[str]:
    return [c.value for c in block.caption]


@pytest.mark.parametrize(("lang", "unseen", "thin", "names_unseen", "names_thin"), [
    ("en", "Kinds never seen (2)", "Kinds with fewer than 3 tiles (2)", ["3 Man", "Red dragon"], ["1 Man", "2 Man"]),
    ("ja", "一度も出てこない種類 (2)", "3枚未満の種類 (2)", ["三萬", "中"], ["一萬", "二萬"])])
def test_kinds_never_seen_and_thin_are_tile_pictures_with_their_names_under_them(
        dataset, lang, unseen, thin, names_unseen, names_thin):
    at = open_page("label", lang=lang)
    never = expander(at, unseen)
    assert len(never.get("image")) == 2  # a picture of 3m and of 7z
    assert [n for n in captions(never) if n in names_unseen] == names_unseen  # each name a line of its own
    assert never.proto.expanded  # two kinds: open
    few = expander(at, thin)
    assert len(few.get("image")) == 2
    assert [n for n in captions(few) if n in names_thin] == names_thin
    why = {"en": "A tile set enrolled from these photos will often misread them.",
           "ja": "この枚数のまま覚えさせると、これらの牌を読み違えやすくなります。"}[lang]
    assert why in captions(few)  # the warning stays said where it is seen
    # no hidden line beside the pictures: a screen reader said each name twice (the captions name them)
    line = {"en": "Kinds never seen (2): 3 Man, Red dragon", "ja": "一度も出てこない種類 (2): 三萬, 中"}[lang]
    assert line not in texts(at)
    assert not at.exception


def test_a_long_list_of_kinds_never_seen_is_closed(tmp_path, monkeypatch, home):
    from scorer import load_game

    kinds = [tile.id for tile in load_game("tokyo-mahjong").tiles]
    root = _own_dataset(tmp_path / "ds", kinds)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    never = expander(at, f"Kinds never seen ({len(kinds) - 2})")
    assert not never.proto.expanded  # dozens of pictures: a tap away, the page stays short
    assert len(never.get("image")) == len(kinds) - 2
    assert expander(at, "Kinds with fewer than 3 tiles (2)").proto.expanded


def test_names_with_no_picture_stay_names(tmp_path, monkeypatch, home):
    """A kind that is not the game's has no picture: its name is shown, the game's kinds still pictured."""
    root = _own_dataset(tmp_path / "ds", ["1m", "2m", "3m", "odd-one"])
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    never = expander(at, "Kinds never seen (2)")
    assert len(never.get("image")) == 1  # 3m only
    assert "odd-one" in captions(never) and "3 Man" in captions(never)
    assert not at.exception


def test_an_enrolled_tile_set_has_names_not_the_games_pictures(tmp_path, monkeypatch, home):
    """hk-mahjong's tiles do not look like the game's drawings: no pictures, the names said in one line."""
    root = _own_dataset(tmp_path / "ds", ["1m", "2m", "3m", "7z"], meta={"tileset": "hk-mahjong"})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    never = expander(at, "Kinds never seen (2)")
    assert not never.get("image")
    assert "Kinds never seen (2): 3 Man, Red dragon" in captions(never)
    few = captions(expander(at, "Kinds with fewer than 3 tiles (2)"))
    assert few == ["Kinds with fewer than 3 tiles (2): 1 Man, 2 Man. A tile set enrolled from these photos will "
                   "often misread them."]  # said once, not its warning twice
    assert not at.exception

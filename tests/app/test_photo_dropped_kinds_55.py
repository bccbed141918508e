"""Session 55 (f6): the photo page from a phone, where the table in use and the model reading the photo disagree.

A member the house table dropped (ひめたん, さくら in her place): the tiles read as her stay in the hand as tiles to
check (flagged, as the kind in her place), named by the shipped game's name with her picture, so the count stays
right; a kind left out of the hand is named so too, never by its id. The kinds the model never learnt are shown with
their pictures, the way on is "Keep this photo" just below and then the Label page, and once the person has named
every such tile of the hand themselves (or kept the photo) it is said so, not warned of again."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app_helpers import YOKAI_WIN, open_page, read_as, synthetic, texts
from screen_words import foreign

from scorer import catalog

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
HAND = ["minami"] * 3 + ["himetan"] * 3 + ["rarin"] * 3
KEEP_TITLE = {"ja": "牌を覚えさせるために、この写真を残す", "en": "Keep this photo to teach the recognizer"}
LABEL_PAGE = {"ja": "「ラベル付け」", "en": "Label tiles"}


def sakura_table() -> str:
    """Nogizaka's table with himetan graduated and sakura joined in her place."""
    text = NOGIZAKA.read_text(encoding="utf-8")
    for old, new in (('id = "himetan"', 'id = "sakura"'), ('name_ja = "ひめたん"', 'name_ja = "さくら"'),
                     ('name_en = "Himetan"', 'name_en = "Sakura"'), ('member = "himetan"', 'member = "sakura"')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _strip(at) -> list[str]:
    """The hand strip's tiles as a screen reader says them: its buttons' labels (their pictures' alt is empty)."""
    return [b.label for b in at.button if (b.key or "").startswith("photo_tile_")]


def _alts(at) -> list[str]:
    return [img.alt for node in at.get("image") for img in node.proto.imgs]


@pytest.fixture(scope="module")
def himetan_photo() -> bytes:
    return synthetic("nogizaka", HAND, 0)


@pytest.mark.parametrize("lang, dropped, joined, unsure", [("ja", "ひめたん", "さくら", "この表にない牌と読んだ"),
                                                           ("en", "Himetan", "Sakura", "does not have")])
def test_tiles_of_a_member_the_table_dropped_stay_in_the_hand_to_check(home, himetan_photo, lang, dropped,
                                                                        joined, unsure):
    from app import settings

    settings.save_house_table("nogizaka", sakura_table())
    at = open_page("score_photo", "nogizaka", lang)
    at.file_uploader(key="photo_upload").set_value(("IMG_0001.jpg", himetan_photo, "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    tiles = at.session_state["photo_tiles"]
    assert len(tiles) == 9 and tiles.count("sakura") == 3, tiles  # in her place, as the table has it
    shown = texts(at)
    assert "himetan" not in shown, shown  # named, never by the id
    said = [i.value for i in at.info if dropped in i.value and joined in i.value]
    assert len(said) == 1, [i.value for i in at.info]
    assert ("手牌は9枚" if lang == "ja" else "A hand has 9 tiles") not in shown  # the count is right
    alts = _alts(at)
    assert dropped in alts, alts  # her picture beside the words
    flagged = [a for a in _strip(at) if joined in a and unsure in a]
    assert len(flagged) == 3, _strip(at)  # each tile to check, in the strip (its buttons say the tiles)
    assert not foreign(at, lang), foreign(at, lang)  # every word in the screen's language
    at.button(key="photo_tile_3").click().run()  # one tap opens the picker on the tile, as on any other
    assert at.session_state["photo_edit"] == 3
    for index in (3, 4, 5):  # each corrected: said until none of them is left to check
        assert [i.value for i in at.info if dropped in i.value], (index, [i.value for i in at.info])
        if index != 3:
            at.button(key=f"photo_tile_{index}").click().run()
        at.button(key="photo_pick_kotoko").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"][3:6] == ["kotoko"] * 3
    assert not [i.value for i in at.info if dropped in i.value], [i.value for i in at.info]
    assert not [a for a in _strip(at) if unsure in a], _strip(at)  # none of them red


@pytest.mark.parametrize("lang, named", [("ja", "ひめたん"), ("en", "Himetan")])
def test_a_kind_left_out_of_the_hand_is_named_as_the_shipped_game_names_it(home, page, lang, named):
    from app.components.photo import PhotoTile

    at = read_as(page("score_photo", "yokai-watch", lang), "yokai-watch", YOKAI_WIN)
    reading = at.session_state["photo_reading"]
    left_out = PhotoTile((300.0, 10.0, 325.0, 50.0), "himetan", 0.95, foreign=True)
    at.session_state["photo_reading"] = replace(reading, tiles=(*reading.tiles, left_out))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    said = [i.value for i in at.info if named in i.value]
    assert len(said) == 1 and "himetan" not in said[0], [i.value for i in at.info]
    assert named in _alts(at)


def _unlearnt(at, kinds=("yokai-10",)):
    """The photo page with YOKAI_WIN read by a model that never learnt ``kinds`` (a fake reading)."""
    at = read_as(at, "yokai-watch", YOKAI_WIN)
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], unlearnt=tuple(kinds))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, kind, game", [("ja", "妖怪10", "妖怪ウォッチ ドンジャラ"),
                                              ("en", "Yokai 10", "Yokai Watch Donjara")])
def test_the_never_learnt_warning_shows_the_kinds_and_the_way_on(home, page, lang, kind, game):
    at = _unlearnt(page("score_photo", "yokai-watch", lang))
    (said,) = [w.value for w in at.warning if kind in w.value]
    assert f"の {kind}" not in said and f"の{kind}" in said if lang == "ja" else True, said  # no stray space
    keep, label = said.find(KEEP_TITLE[lang]), said.find(LABEL_PAGE[lang])
    assert 0 <= keep < label, said  # the photo kept below first, the Label page second
    assert kind in _alts(at), _alts(at)  # its picture: a tile to look for in the photo
    assert not foreign(at, lang), foreign(at, lang)


def _named_by_hand(at):
    """The ninth tile named yokai-10 in the picker."""
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_yokai-10").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"][8] == "yokai-10"
    return at


NOT_WIN = ("**Not a win**", "**上がりではありません**")


@pytest.mark.parametrize("lang, kind", [("ja", "妖怪10"), ("en", "Yokai 10")])
def test_once_every_such_tile_is_named_by_the_person_it_is_said_so_not_warned(home, page, lang, kind):
    at = _named_by_hand(_unlearnt(page("score_photo", "yokai-watch", lang)))
    # the hand's own result may name the tile in its near-win hint ("swap Yokai 10 for ..."): not a warning of it
    assert not [w.value for w in at.warning if kind in w.value and not w.value.startswith(NOT_WIN)], \
        [w.value for w in at.warning]
    said = [i.value for i in at.info if kind in i.value]
    assert len(said) == 1 and KEEP_TITLE[lang] in said[0], [i.value for i in at.info]
    at.button(key="photo_keep").click().run()  # kept as named: nothing left to say of it here
    assert not at.exception, [e.value for e in at.exception]
    assert at.success, "the photo was not kept"
    assert not [a.value for a in (*at.warning, *at.info) if kind in a.value and not a.value.startswith(NOT_WIN)], texts(at)

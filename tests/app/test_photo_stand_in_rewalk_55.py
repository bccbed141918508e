"""Session 55 (f25, re-walk r1): stand-in tiles on the photo page (ひめたん read, さくら in her place under the house table).

1. A stand-in corrected away and back (さくら -> みおな -> さくら) stayed red and unchecked, both notices on screen,
   until さくら was picked once more: any pick on a stand-in is the person's check of it.
2. Turning the photo (⟲ twice) silently dropped the checks already made: the same tiles stay checked.
3. A stand-in was captioned as read "with low confidence", though the reason is that the table lacks the kind read.
4. Japanese: no half-width 「?」 in the other-game warning (a request instead); 「…の牌はご自身で直してあります」."""
from __future__ import annotations

import pytest

import test_photo_stand_in_55 as stand_in

# the photo of ひめたん's tiles and its reading under the house table with さくら in her place: one copy, the first
# walk's (test_photo_stand_in_55)
DROPPED, JOINED, _read = stand_in.DROPPED, stand_in.JOINED, stand_in._read
himetan_photo = stand_in.himetan_photo  # a fixture


def _pick(at, index: int, kind: str):
    at.button(key=f"photo_tile_{index}").click().run()
    at.button(key=f"photo_pick_{kind}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _checked(at) -> list[bool]:
    return [tile.checked for tile in at.session_state["photo_reading"].tiles if tile.read_as is not None]


def _notice(at, lang: str) -> list[str]:
    return [i.value for i in at.info if DROPPED[lang] in i.value and JOINED[lang] in i.value]


def _doubtful(at) -> set[int]:
    return stand_in.doubtful(at)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_stand_in_corrected_away_and_back_is_checked(home, himetan_photo, lang):
    at = _read(lang, himetan_photo)
    _pick(at, 4, "miona")
    assert at.session_state["photo_tiles"][4] == "miona"
    _pick(at, 4, "sakura")  # back to the kind it stands in as: the person's word on it
    assert at.session_state["photo_tiles"][3:6] == ["sakura"] * 3
    assert _checked(at) == [False, True, False], _checked(at)
    doubtful = _doubtful(at)
    assert 5 not in doubtful and {4, 6} <= doubtful, doubtful  # no longer red on the photo
    for index in (3, 5):
        _pick(at, index, "sakura")
    assert not _notice(at, lang), [i.value for i in at.info]  # every one checked: neither notice stays
    assert not [w.value for w in at.warning if JOINED[lang] in w.value], [w.value for w in at.warning]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_turning_the_photo_keeps_the_checks_made(home, himetan_photo, lang):
    at = _read(lang, himetan_photo)
    _pick(at, 3, "sakura")
    assert _checked(at) == [True, False, False]
    for _ in range(2):  # turned round, then back
        at.button(key="photo_turn_round").click().run()
        assert not at.exception, [e.value for e in at.exception]
    reading = at.session_state["photo_reading"]
    assert reading.turned == 0 and reading.hand[3:6] == ["sakura"] * 3, (reading.turned, reading.hand)
    assert _checked(at) == [True, False, False], _checked(at)
    doubtful = _doubtful(at)
    assert 4 not in doubtful and 5 in doubtful, doubtful


def test_a_check_corrected_away_before_the_turn_is_not_kept(home, himetan_photo):
    at = _read("en", himetan_photo)
    _pick(at, 3, "sakura")
    _pick(at, 3, "miona")  # the person's last word on it: not the kind it stands in as
    for _ in range(2):
        at.button(key="photo_turn_round").click().run()
    assert _checked(at) == [False, False, False], _checked(at)


@pytest.mark.parametrize("lang, own, unsure", [("ja", "この表にない牌", "信頼度の低い"),
                                               ("en", "this table does not have", "low confidence")])
def test_stand_ins_have_a_caption_of_their_own(home, himetan_photo, lang, own, unsure):
    at = _read(lang, himetan_photo)
    captions = [c.value for c in at.caption]
    said = [c for c in captions if own in c]
    assert said, captions
    assert not [c for c in captions if unsure in c], captions  # every red tile here is a stand-in


def test_the_other_game_warning_asks_in_a_sentence_not_a_half_width_question_mark():
    from app.components.i18n import STRINGS

    ja = STRINGS["other_game"][0]  # 「？」 is retired (test_japanese_terms_52): said as a request
    assert "?" not in ja and "？" not in ja and "確かめてください" in ja and ja.endswith("。"), ja


def test_the_kinds_named_by_the_person_are_said_politely():
    from app.components.i18n import STRINGS

    ja = STRINGS["unlearnt_named"][0]
    assert ja.startswith("{kinds}の牌はご自身で直してあります"), ja


def test_a_check_a_turned_reading_has_no_stand_in_for_waits_for_the_next_turn():
    """The photo upside down read a stand-in's tile as another kind: its check is kept, and back the right way up the
    tile is checked again (the very tile: not its neighbour of the same kinds)."""
    import numpy as np

    from app.components.photo import PhotoReading, PhotoTile

    def tile(x: float, read_as: str | None = "himetan", checked: bool = False) -> PhotoTile:
        return PhotoTile((x, 10.0, x + 30.0, 50.0), "sakura" if read_as else "rarin", 0.9, read_as=read_as,
                         checked=checked)

    image = np.zeros((60, 200, 3), np.uint8)
    upright = PhotoReading(image, (tile(10.0), tile(60.0, checked=True)))
    checks = upright.checks(["sakura", "sakura"])
    assert len(checks) == 1
    # upside down: the tiles at 200 - x; the checked one (60..90) is at 110..140, read as rarin
    round_, left = PhotoReading(image, (tile(160.0), tile(110.0, read_as=None)), turned=2).with_checks(checks)
    assert left == checks and not any(t.checked for t in round_.tiles)
    back, left = PhotoReading(image, (tile(10.0), tile(60.0))).with_checks(left)
    assert left == () and [t.checked for t in back.tiles] == [False, True]
    assert upright.checks(["sakura", "miona"]) == ()  # corrected since: the person's last word, no check to keep

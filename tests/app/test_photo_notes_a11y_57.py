"""Session 57 (A1's accessibility walk of the photo page, fixed by A2): a screen reader and a colour-blind eye.

F2: the boxed photo's English text marked a doubtful tile by a "?" after its number alone ("1? 1 Man"), which NVDA at
its default punctuation level does not speak: it says "low confidence" in words, as the Japanese says 「要確認」.
F1: the notes of many unsure tiles named them "(red)" / 「(赤)」 only: the sign a colour-blind eye has is said too.
F9: a tile washed out by a reflection (``vision.glare``, ``confidence["glare"]``) was only a low-confidence tile on the
page: it is said to be one, with what to do, in a note, the hand strip and the photo's text.
F10: a bad photo gave six notes at once, two warnings read out one after the other: the reasons to take the photo again
are one warning (each reason's words kept), said first, the notes of what else to do after it."""
from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace

import pytest
from app_helpers import synthetic

from app.components.photo import PhotoTile, to_photo_tiles
from scorer import load_game

RIICHI_13 = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5z 5z".split()  # one short of a win: waits on 2z or 5z
RIICHI_14 = [*RIICHI_13, "5z"]


def read_as(at, tiles: list[str], left: float = 100.0, low: int = 0, glare: tuple[int, ...] = (), **fields):
    """The photo page given a synthetic photo read as ``tiles`` (boxes from ``left`` px on), the first ``low`` read
    with low confidence, those at the places ``glare`` washed out by a reflection (as ``vision.glare`` marks them),
    the reading's ``fields`` (blurry, dark, upside_down) so."""
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("tokyo-mahjong", tiles), "image/jpeg")).run()
    read = []
    for i, k in enumerate(tiles):
        p = 0.5 if i < low or i in glare else 0.95
        marks = {"glare": 0.8} if i in glare else {}
        read.append(PhotoTile((left + 30.0 * i, 100.0, left + 30.0 * i + 25, 140.0), k, p, choices=((k, p),), **marks))
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read), **fields)
    at.session_state["photo_tiles"] = list(tiles)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def alts(at) -> list[str]:
    return [img.alt for node in at.get("image") for img in node.proto.imgs]


def photo_alt(at) -> str:
    return next(a for a in alts(at) if a.startswith(("The photo", "牌に枠")))


def notes_in_order(at) -> list[tuple[str, str]]:
    """The page's warnings and notes, in the order they are drawn (and read)."""
    found: list[tuple[str, str]] = []

    def walk(node):
        children = getattr(node, "children", None)
        if children is not None:
            for child in children.values() if isinstance(children, dict) else children:
                walk(child)
        elif getattr(node, "type", "") in ("warning", "info"):
            found.append((node.type, node.value))

    walk(at._tree.main)
    return found


def names(lang: str) -> list[str]:
    game = load_game("tokyo-mahjong")
    return [game.tile(k).name_ja if lang == "ja" else game.tile(k).name_en for k in RIICHI_14]


# F2 ------------------------------------------------------------------------------------------------------------------

def test_the_boxed_photos_english_text_says_a_doubtful_tile_in_words(home, page):
    at = read_as(page("score_photo", "tokyo-mahjong"), RIICHI_14, low=2)
    alt, name = photo_alt(at), names("en")
    assert f"1 {name[0]} (low confidence)" in alt and f"2 {name[1]} (low confidence)" in alt, alt
    assert f"3 {name[2]}, " in alt and alt.count("(low confidence)") == 2, alt  # the sure ones: nothing
    assert not re.search(r"\d\?", alt), alt  # no "1?": NVDA says nothing of a "?" before a space


# F1 ------------------------------------------------------------------------------------------------------------------

def test_no_note_names_the_doubtful_tiles_by_their_red_alone():
    """Every note that points at red tiles says the sign beside the red: a "?" after the number (as ``low_conf``)."""
    from app.components.i18n import STRINGS

    for key in ("blurry_many", "unsure_many", "stood_in"):
        ja, en = STRINGS[key]
        assert "a ? after the number" in en, (key, en)
        assert "番号に「?」" in ja, (key, ja)


@pytest.mark.parametrize("lang, said", [
    ("en", "6 of 14 tiles were read with low confidence (red, a ? after the number): try a retake"),
    ("ja", "14枚中6枚の牌の信頼度が低くなっています (赤・番号に「?」)。")])
def test_the_many_unsure_note_says_the_sign_of_the_red_tiles(home, page, lang, said):
    at = read_as(page("score_photo", "tokyo-mahjong", lang), RIICHI_14, low=6)
    assert [w.value for w in at.warning if w.value.startswith(said)], [w.value for w in at.warning]


# F9 ------------------------------------------------------------------------------------------------------------------

def test_the_glare_mark_reaches_the_page():
    from vision import glare

    tile = SimpleNamespace(xyxy=(0, 0, 10, 10), kind="5z", confidence=glare.marked({"detection": 0.93, "kind": 0.97},
                                                                                   0.8),
                           is_back=False, alternatives=(), choices=())
    (read,) = to_photo_tiles(SimpleNamespace(tiles=[tile]), {"5z"})
    assert read.glare == 0.8 and read.low
    plain = SimpleNamespace(xyxy=(0, 0, 10, 10), kind="5z", confidence={"detection": 0.9, "kind": 0.4}, is_back=False,
                            alternatives=(), choices=())
    assert to_photo_tiles(SimpleNamespace(tiles=[plain]), {"5z"})[0].glare == 0.0


GLARE = {"en": "Tile 6 may be washed out by a reflection: tilt the tile or move the light, or tap it to check.",
         "ja": "6枚目の牌が光の反射で白く写っているかもしれません。牌を傾けるか照明を動かして撮り直すか、タップして確かめてください。"}
GLARE_TWO = {"en": "Tiles 3 and 6 may be washed out by a reflection: tilt the tiles or move the light, or tap them to "
                   "check.",
             "ja": "3枚目と6枚目の牌が光の反射で白く写っているかもしれません。牌を傾けるか照明を動かして撮り直すか、タップして"
                   "確かめてください。"}
STRIP = {"en": "{name} (may be washed out by a reflection: tap to check)",
         "ja": "{name} (光の反射で白く写っているかもしれないので、タップして確かめてください)"}
BOXED = {"en": "6 {name} (low confidence, maybe a reflection)", "ja": "6 {name} (要確認、光の反射かも)"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_washed_out_by_a_reflection_is_said_so(home, page, lang):
    at = read_as(page("score_photo", "tokyo-mahjong", lang), RIICHI_14, glare=(5,))
    name = names(lang)[5]
    assert GLARE[lang] in [i.value for i in at.info], [i.value for i in at.info]
    assert STRIP[lang].format(name=name) not in alts(at), alts(at)  # said once: by the strip's button of tile 6
    label = at.button(key="photo_tile_5").label
    assert STRIP[lang].format(name=name).replace("(", r"\(") in label or "reflection" in label or "反射" in label, label
    assert BOXED[lang].format(name=name) in photo_alt(at), photo_alt(at)
    # still one read with low confidence: the red tiles' legend is said
    assert any(c.value.startswith(("Red boxes", "赤い枠")) for c in at.caption), [c.value for c in at.caption]
    at.button(key="photo_tile_5").click().run()
    at.button(key="photo_pick_7p").click().run()  # corrected: nothing left to check
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"][5] == "7p"
    assert not [i.value for i in at.info if GLARE[lang][:6] in i.value], [i.value for i in at.info]
    assert "反射" not in photo_alt(at) and "reflection" not in photo_alt(at), photo_alt(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_tiles_washed_out_are_said_in_one_note(home, page, lang):
    at = read_as(page("score_photo", "tokyo-mahjong", lang), RIICHI_14, glare=(2, 5))
    said = [i.value for i in at.info if "reflection" in i.value or "反射" in i.value]
    assert said == [GLARE_TWO[lang]], said


# F10 -----------------------------------------------------------------------------------------------------------------

WORST = {"en": ("The photo looks blurry, and 6 of 13 tiles were read with low confidence", "The photo is dark",
                "A tile at the photo's edge may be cut off", "13 tiles read: if this is a winning hand",
                "The hand may be shown upside down"),
         "ja": ("写真がぼやけていて、13枚中6枚の牌", "写真が暗く", "写真の端の牌が切れているかもしれません",
                "牌を13枚読みました", "手牌が逆さまに写っているかもしれません")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_reasons_to_retake_a_bad_photo_are_one_warning_said_first(home, page, lang):
    """Blurry, dark, six unsure, a tile at the edge, a tile short and maybe upside down: one warning (one message read
    out), its reasons to retake in order, each in its own words; then what else to do, as notes."""
    at = read_as(page("score_photo", "tokyo-mahjong", lang), RIICHI_13, left=0.0, low=6, blurry=True, dark=True,
                 upside_down=True)
    blurry, dark, edge, short, upside = WORST[lang]
    warned = [w.value for w in at.warning]
    assert len(warned) == 1, warned
    (said,) = warned
    assert 0 <= said.index(blurry) < said.index(dark) < said.index(edge) < said.index(short), said  # one short:
    infos = [i.value for i in at.info]  # said with the edge note (alone, a hand waiting: no note)
    assert not [i for i in infos if edge in i or short in i], infos  # said once, in the warning
    assert [i for i in infos if i.startswith(upside)], infos
    order = notes_in_order(at)  # the warning first, then the notes: as a screen reader meets them
    assert order.index(("warning", said)) < min(order.index(("info", i)) for i in infos), order


def test_a_blurry_photo_with_few_unsure_tiles_and_dark_is_one_warning_retake_first(home, page):
    at = read_as(page("score_photo", "tokyo-mahjong"), RIICHI_14, low=2, blurry=True, dark=True)
    warned = [w.value for w in at.warning]
    assert len(warned) == 1, warned
    assert warned[0].index("The photo is dark") < warned[0].index("The photo looks blurry: tap any misread tile"), \
        warned

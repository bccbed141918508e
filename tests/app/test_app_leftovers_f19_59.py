"""Session 59 (F19): small app leftovers.

1. The Rules page's yaku folds were labelled 「シンフォニーセット · 24」 / "Symphony Set · 24": the value without the
   game's unit, read as 24 points in a game the photo page says 「24万」 of. The value is said with its unit.
2. The Label page's Accept took a photo whose label lines cannot be read, which `tilelens label accept` refuses
   (``broken_photos``): refused on the page too, in the check's own words, and the photo stays to do.
3. After Add with the remainder's loser chosen (a three-player Cinderella Girls tsumo), the box said no remainder
   note at all (the choice, cleared for the next hand, no longer matched the added payments): it says the remainder
   as recorded, 「端数の1万を含みます: じゃんけんで負けた人」.
"""
from __future__ import annotations

import pytest

import label_phone_helpers as label_phone
from app_helpers import add_to_ledger, open_page, texts
from label_phone_helpers import dataset, from_address

laptop, network = label_phone.laptop, label_phone.network


# ---- 1. the Rules page's yaku folds say the value with the game's unit ----------------------------------------------
@pytest.mark.parametrize("game, lang, label", [
    ("cinderella-neo", "ja", "シンフォニーセット · 24万"),
    ("cinderella-neo", "en", "Symphony Set · 24 x10,000 fans"),
    ("nogizaka", "ja", "基本セット · 60点"),
    ("nogizaka", "en", "Basic set · 60 points")])
def test_a_yaku_folds_label_says_its_value_with_the_games_unit(home, game, lang, label):
    at = open_page("rules", game, lang)
    labels = [e.label for e in at.expander]
    assert label in labels, labels
    assert not [x for x in labels if x.endswith((" · 24", " · 60"))], labels


# ---- 2. Label: Accept refuses a photo whose label lines cannot be read ----------------------------------------------
BROKEN = {"en": ["Cannot accept this photo", "labels/train/a.txt:2", "not a number in 'zero 0.5 0.3 0.2 0.4'"],
          "ja": ["OK にできません", "labels/train/a.txt:2", "「zero 0.5 0.3 0.2 0.4」に数値でない項目があります"]}


def _broken_line():
    root = dataset()  # a.jpg: a 1m box and a 2m box; b.jpg: none
    (root / "labels" / "train" / "a.txt").write_text("0 0.2 0.3 0.2 0.4\nzero 0.5 0.3 0.2 0.4\n")
    return root


def _accepted(root) -> set[str]:
    from tilelens.labelling.store import read_progress

    return read_progress(root)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_accept_refuses_a_photo_whose_label_lines_cannot_be_read(laptop, lang):
    root = _broken_line()
    at = from_address(lang, dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_accept").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "images/train/a.jpg" not in _accepted(root)
    (said,) = [e.value for e in at.error if BROKEN[lang][0] in e.value]  # one message
    said = said.replace("\u2060", "")  # the word joiner keeping ":2:" text (``as_typed``), unseen
    assert "\n" not in said.strip(), said
    for words in BROKEN[lang]:
        assert words in said, said
    assert at.query_params["photo"] in ("images/train/a.jpg", ["images/train/a.jpg"])  # still on it


def test_a_phone_is_refused_a_broken_photo_too(network):
    root = _broken_line()
    at = from_address("en", dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_accept").click().run()
    assert not at.exception and "images/train/a.jpg" not in _accepted(root)
    said = "\n".join(e.value for e in at.error)
    assert "Cannot accept this photo" in said and "tilelens label" not in said, said


def test_a_photo_whose_lines_read_is_accepted_as_before(laptop):
    root = _broken_line()
    at = from_address("en", dataset="club-photos", photo="images/train/b.jpg")
    at.button(key="label_accept").click().run()
    assert not at.exception and "images/train/b.jpg" in _accepted(root)
    assert not [e.value for e in at.error if "Cannot accept" in e.value]


# ---- 3. the remainder as recorded, after Add with the loser chosen --------------------------------------------------
DECIDED = {"ja": "- MioがRinに2万払う (端数の1万を含みます: じゃんけんで負けた人)",
           "en": "- Mio pays Rin 2 x10,000 fans (includes 1 x10,000 fans of the remainder: the loser of "
                 "rock-paper-scissors)"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_remainder_is_said_as_recorded_after_add_with_the_loser_chosen(home, lang):
    from test_remainder_decided_f15_59 import _box

    at = add_to_ledger(_box(home, lang, [2]), "manual")
    assert not at.exception, [e.value for e in at.exception]
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    (match,) = ledger.matches()
    (hand,) = ledger.hands(match.id)
    assert dict(hand.payments) == {2: 2, 0: 1}, hand.payments  # Mio lost: charged the remainder
    lines = [m.value for m in at.markdown if "Rin" in m.value]
    assert DECIDED[lang] in lines, lines
    assert ("- UzukiがRinに1万払う" if lang == "ja" else "- Uzuki pays Rin 1 x10,000 fans") in lines, lines
    said = texts(at)
    assert "誰が払うかは" not in said and "decides who pays" not in said, said

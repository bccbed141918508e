"""Session 59 (F15): the ledger box of a three-player Cinderella Girls tsumo whose split leaves a remainder, once the
player chose who lost rock-paper-scissors, still said 「(端数のうち1万を含みます。誰が払うかは、払う人どうしのじゃんけんで
決めます)」 of the loser's payment: as if nobody had been chosen. Once chosen, the note says it as decided; while nobody
is, the even shares and the remainder are said apart as before."""
from __future__ import annotations

import pytest

from app_helpers import open_page, texts, type_hand

from tilelens.ledger import Ledger

DECIDED = {"ja": "- MioがRinに2万払う (端数の1万を含みます: じゃんけんで負けた人)",
           "en": "- Mio pays Rin 2 x10,000 fans (includes 1 x10,000 fans of the remainder: the loser of "
                 "rock-paper-scissors)"}


def _box(home, lang: str, chosen: list[int] | None):
    from test_cinderella_pages_51 import CG_WIN

    Ledger(home / "ledger.sqlite").new_match("cinderella-neo", ["Uzuki", "Rin", "Mio"])
    at = type_hand(open_page("score_manual", "cinderella-neo", lang), " ".join(CG_WIN))
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(1).run()
    if chosen is not None:
        at.multiselect(key="manual_remainder_1").set_value(chosen).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_losers_payment_is_said_as_decided_once_chosen(home, lang):
    at = _box(home, lang, [2])
    lines = [m.value for m in at.markdown if "Rin" in m.value]
    assert DECIDED[lang] in lines, lines
    said = texts(at)
    assert "誰が払うかは" not in said and "decides who pays" not in said, said
    assert ("- UzukiがRinに1万払う" if lang == "ja" else "- Uzuki pays Rin 1 x10,000 fans") in lines, lines


@pytest.mark.parametrize("lang, left", [("ja", "端数の1万は、払う人どうしのじゃんけんで負けた人が払います。"),
                                        ("en", "rock-paper-scissors")])
def test_while_nobody_is_chosen_the_remainder_is_still_to_settle(home, lang, left):
    at = _box(home, lang, None)
    lines = [m.value for m in at.markdown if "Rin" in m.value or "emainder" in m.value or "端数" in m.value]
    assert any(left in m for m in lines), lines
    assert not any(DECIDED[lang].split(" (")[1] in m for m in lines), lines
    assert not any("じゃんけんで負けた人)" in m or "the loser of rock-paper-scissors)" in m for m in lines), lines


@pytest.mark.parametrize("lang, said", [("ja", "- UzukiがRinに2万払う (端数の1万を含みます)"),
                                        ("en", "- Uzuki pays Rin 2 x10,000 fans (includes 1 x10,000 fans of the "
                                               "remainder)")])
def test_a_hand_added_with_nobody_chosen_says_the_part_alone(home, lang, said):
    """Added with nobody chosen, the ledger charged the first payer in seat order: no more to settle, and nobody's
    loss at rock-paper-scissors to claim."""
    from app_helpers import add_to_ledger

    at = add_to_ledger(_box(home, lang, None), "manual")
    assert not at.exception, [e.value for e in at.exception]
    lines = [m.value for m in at.markdown if "Rin" in m.value]
    assert said in lines, lines

"""Cinderella Girls: each player declares a favourite idol at the start (RULES.md), and only the winner's own
favourite doubles a win. The Favourite idol box kept the last winner's choice and doubled the next winner's hand
with it: Ann won with 渋谷凛, then Daiki won a Tricolore hand holding Rin, nobody touched the box, and the ledger
took 48 (16 from each) for a hand of 24."""
import pytest
from app_helpers import add_to_ledger, open_page, read_as, texts, type_hand

from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Ben", "Chika", "Daiki"]
ANNS = ("shibuya-rin shimamura-uzuki honda-mio mizumoto-yukari mimura-kanako igarashi-kyouko takamori-aiko "
        "ootsuki-yui himekawa-yuki").split()  # won by Ann, her favourite 渋谷凛 in it: Normal Live Unit 12, doubled: 24
DAIKIS = ("ogata-chieri shimamura-uzuki kohinata-miho kamiya-nao shibuya-rin houjou-karen jougasaki-rika "
          "moroboshi-kirari akagi-miria").split()  # Tricolore Unit (24), Rin in it too: not Daiki's favourite


def _match(home):
    ledger = Ledger(home / "ledger.sqlite")
    return ledger, ledger.new_match("cinderella-neo", PLAYERS)


def _favourite_box(at, prefix):
    return next((s for s in at.selectbox if s.key == f"{prefix}_fav"), None)


def _won(at) -> str:
    return " ".join(s.value for s in at.success)


def _two_winners(at, prefix, enter, ledger, match, lang="en"):
    """Ann wins with her favourite chosen; then Daiki's hand, nobody touching the favourite box."""
    enter(ANNS)
    assert _favourite_box(at, prefix) is None  # nobody chosen yet: whose favourite is not known
    said = texts(at)
    assert ('choose the "Winner" below first' if lang == "en" else "先に下の「上がった人」を選んでください") in said, said
    at.selectbox(key=f"{prefix}_winner").set_value(0).run()
    box = _favourite_box(at, prefix)
    assert box is not None and box.value == ""
    assert box.label == ("Ann's favourite idol" if lang == "en" else "Annの担当アイドル")
    box.set_value("shibuya-rin").run()
    assert "24" in _won(at) and ("favourite ×2" if lang == "en" else "担当 ×2") in _won(at), _won(at)
    add_to_ledger(at, prefix)
    assert ledger.table(match)[0].totals == (124, 92, 92, 92)

    enter(DAIKIS)
    at.selectbox(key=f"{prefix}_winner").set_value(3).run()
    box = _favourite_box(at, prefix)
    assert box.label == ("Daiki's favourite idol" if lang == "en" else "Daikiの担当アイドル")
    assert box.value == "", box.value  # Daiki declared none: not Ann's Rin
    assert "24" in _won(at) and "48" not in _won(at) and "×2" not in _won(at), _won(at)
    at.selectbox(key=f"{prefix}_winner").set_value(0).run()  # Ann chosen (by mistake): her favourite
    assert _favourite_box(at, prefix).value == "shibuya-rin" and "48" in _won(at), _won(at)
    at.selectbox(key=f"{prefix}_winner").set_value(3).run()
    assert _favourite_box(at, prefix).value == "" and "×2" not in _won(at), _won(at)
    add_to_ledger(at, prefix)
    assert not at.exception, [e.value for e in at.exception]
    assert ledger.table(match)[0].totals == (116, 84, 84, 116)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_manual_page_the_next_winner_does_not_take_the_last_winners_favourite(home, lang):
    ledger, match = _match(home)
    at = open_page("score_manual", "cinderella-neo", lang=lang)
    _two_winners(at, "manual", lambda tiles: type_hand(at, " ".join(tiles)), ledger, match, lang)


def test_photo_page_the_next_winner_does_not_take_the_last_winners_favourite(home):
    ledger, match = _match(home)
    at = open_page("score_photo", "cinderella-neo")
    seeds = iter((5, 6))
    _two_winners(at, "photo", lambda tiles: read_as(at, "cinderella-neo", tiles, next(seeds)), ledger, match)


def test_a_favourite_declared_on_one_page_is_the_players_on_the_other(home):
    """Declared once, at the start: the photo page knows Ann's favourite chosen on the manual page."""
    _match(home)
    at = open_page("score_manual", "cinderella-neo")
    type_hand(at, " ".join(ANNS))
    at.selectbox(key="manual_winner").set_value(0).run()
    _favourite_box(at, "manual").set_value("shibuya-rin").run()
    at.switch_page("views/score_photo.py").run()
    read_as(at, "cinderella-neo", ANNS)
    at.selectbox(key="photo_winner").set_value(0).run()
    assert _favourite_box(at, "photo").value == "shibuya-rin" and "×2" in _won(at), _won(at)


def test_the_favourite_chosen_shows_its_picture(home):
    _match(home)
    at = open_page("score_manual", "cinderella-neo")
    type_hand(at, " ".join(ANNS))
    at.selectbox(key="manual_winner").set_value(0).run()
    _favourite_box(at, "manual").set_value("shibuya-rin").run()
    box = _favourite_box(at, "manual")
    name = box.options[box.index]  # as the box names her, and her tile pictures' alt text
    shown = _pictures_of(at, name)
    box.set_value(None).run()
    assert _pictures_of(at, name) == shown - 1  # the hand's own pictures of her stay


def _pictures_of(at, name: str) -> int:
    return sum(img.alt == name for node in at.get("image") for img in node.proto.imgs)


def test_without_a_match_the_favourite_is_the_hands_own(home):
    """No match open: nobody's favourite is known, the one chosen is the hand's (a new hand starts with none)."""
    at = open_page("score_manual", "cinderella-neo")
    type_hand(at, " ".join(ANNS))
    box = _favourite_box(at, "manual")
    assert box.label == "The winner's favourite idol"
    box.set_value("shibuya-rin").run()
    assert "24" in _won(at) and "×2" in _won(at), _won(at)
    at.button(key="manual_clear").click().run()
    type_hand(at, " ".join(DAIKIS))
    assert _favourite_box(at, "manual").value == "" and "×2" not in _won(at), _won(at)

"""Session 49: the ledger page's messages. A damaged ledger file said in plain words with a button that moves it
aside (renamed, nothing lost) and starts a new ledger; Start the match's refusals as helpful in English as in
Japanese; an address naming a match that is not there said on a game with no match too."""
from app_helpers import texts
from streamlit.testing.v1 import AppTest

from tilelens.ledger import Ledger

RAW = ("file is not a database", "database disk image is malformed", "unable to open database file")


def start(at, names):
    at.text_input(key="ledger_names").set_value(names)
    (button,) = [b for b in at.button if (b.key or "").startswith("FormSubmitter:ledger_new")]
    button.click().run()
    return at


def test_a_damaged_ledger_file_is_said_plainly_and_can_be_moved_aside(home, page):
    path = home / "ledger.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    before = path.read_bytes()
    at = page("ledger", "yokai-watch", lang="ja")
    assert not at.exception and len(at.error) == 1
    said = at.error[0].value
    assert str(path) in said and "壊れている" in said and not any(raw in said for raw in RAW), said
    at = page("ledger", "yokai-watch")
    said = at.error[0].value
    assert "damaged" in said and "not a ledger file" in said, said
    at.button(key="ledger_move_aside").click().run()
    assert not at.exception and not at.error
    (kept,) = [p for p in home.iterdir() if p.name.startswith("ledger.") and p != path]
    assert kept.read_bytes() == before  # nothing lost
    assert str(kept) in texts(at) and at.success  # says where the old file went
    assert at.text_input(key="ledger_names")  # a new ledger: a match can be started
    at = start(at, "Ann, Bo, Cy, Di")
    assert not at.exception and not at.error and Ledger(path).matches()[0].players == ("Ann", "Bo", "Cy", "Di")


def test_a_truncated_ledger_file_offers_the_same_way_forward(home, page):
    path = home / "ledger.sqlite"
    Ledger(path).new_match("yokai-watch", ["A", "B", "C", "D"])
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    at = page("ledger", "yokai-watch")
    assert not at.exception and "damaged" in at.error[0].value and "malformed" not in at.error[0].value
    assert at.button(key="ledger_move_aside")


def test_start_the_match_refusals_say_how_to_write_the_names(home, page):
    """"a table of Tokyo Mahjong (riichi) has 2 to 4 players, got 1" for an empty box or "A B C D", and a Python
    list for a name given twice; the Japanese said names are separated by commas."""
    at = page("ledger", "tokyo-mahjong")
    said = start(at, "").error[0].value
    assert "No player names" in said and "comma" in said and "got 1" not in said, said
    said = start(at, "A, A, B, C").error[0].value
    assert "['A'" not in said and "A" in said and "twice" in said, said
    said = start(at, "A, , B, C").error[0].value
    assert "empty" in said and "comma" in said, said
    at = start(at, "A B C D")  # session 54: spaces separate names where the box has no comma
    assert not at.error, [e.value for e in at.error]


def test_an_address_naming_no_match_is_said_on_a_game_without_matches(home, page):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", ["Ann", "Bo", "Cy", "Di"])
    from app_helpers import MAIN

    for match, lang, said in (("999", "en", "Match #999 named in the address is not in the ledger"),
                              ("999", "ja", "URLの対局 #999はこの成績表にありません"),
                              ("abc", "en", "named in the address is not in the ledger")):
        at = AppTest.from_file(str(MAIN), default_timeout=60)
        at.query_params["match"] = match
        at.run()
        at.session_state["lang"] = lang
        at.switch_page("views/ledger.py").run()
        at.selectbox(key="game_id").set_value("yokai-watch").run()
        assert not at.exception
        assert any(said in i.value for i in at.info), [i.value for i in at.info]
        assert not any("#1" in i.value for i in at.info)  # the match here (another game's) is not the one missing

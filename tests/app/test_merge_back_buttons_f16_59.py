"""Session 59 (F16, from review RV2): after a merge deleted two matches (deleted on the other laptop), the page
pointed to a "Bring back match #1" button above that was not there (only the latest deleted match had one): each
match deleted has its button, and one of another game than the one shown is said with the way to it."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import at, started  # noqa: E402

from tilelens.ledger import Ledger  # noqa: E402

BACK = {"en": "Bring back match #{id}", "ja": "削除した対局 #{id}を戻す"}


def match_at(ledger, game, players, when):
    m = ledger.new_match(game, players)
    ledger.add_win(m, 0, "ron", {1: 20})
    started(ledger, m, when)
    return m


def merged_on_page(page, b, game, lang):
    """The page of ``game`` after B's file is added on it: the merge's words, and the Bring back buttons' labels."""
    shown = page("ledger", game, lang=lang)
    (up,) = [u for u in shown.get("file_uploader") if u.key.startswith("ledger_merge_file")]
    up.set_value(("b.sqlite", b.path.read_bytes(), "application/vnd.sqlite3"))
    shown.run()
    shown.button(key="ledger_merge").click().run()
    assert not shown.exception, [e.value for e in shown.exception]
    (block,) = [n for n in shown._tree if getattr(n, "key", None) == "ledger_merge_said"]
    said = "\n".join(str(e.value) for e in (*block.warning, *block.markdown)).replace("\\", "")
    return shown, said


def back_buttons(shown):
    return {b.label: b for b in shown.button if str(b.key).startswith("ledger_undelete")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_match_the_merge_deleted_has_the_button_its_line_names(home, page, lang):
    a, b = Ledger(home / "ledger.sqlite"), Ledger(home / "b.sqlite")
    one = match_at(b, "yokai-watch", ["A", "B", "C", "D"], at(6, 19, 0))
    two = match_at(b, "yokai-watch", ["E", "F", "G", "H"], at(6, 19, 5))
    merge_ledgers_into(a, b)
    b.delete_match(one)
    b.delete_match(two)
    match_at(b, "yokai-watch", ["I", "J", "K", "L"], at(6, 20, 0))
    shown, said = merged_on_page(page, b, "yokai-watch", lang)
    buttons = back_buttons(shown)
    for m in (one, two):
        label = BACK[lang].format(id=m)
        (line,) = [line for line in said.splitlines() if f"#{m} (" in line]
        assert label in line and label in buttons, (line, list(buttons))
    buttons[BACK[lang].format(id=one)].click().run()  # the first deleted, not the latest: back
    assert one in [m.id for m in a.matches()] and two not in [m.id for m in a.matches()]
    assert list(back_buttons(shown)) == [BACK[lang].format(id=two)], list(back_buttons(shown))
    shown.button(key="ledger_undelete").click().run()
    assert sorted(m.id for m in a.matches()) == [1, 2, 3] and not back_buttons(shown)


@pytest.mark.parametrize("lang, way", [("en", "a match of Tokyo Mahjong (riichi): choose that game above, then"),
                                       ("ja", "東京麻雀の対局です。上でそのゲームを選ぶと")])
def test_a_match_of_another_game_deleted_is_said_with_the_way_to_it(home, page, lang, way):
    a, b = Ledger(home / "ledger.sqlite"), Ledger(home / "b.sqlite")
    riichi = match_at(b, "tokyo-mahjong", ["A", "B", "C", "D"], at(6, 19, 0))
    merge_ledgers_into(a, b)
    b.delete_match(riichi)
    match_at(b, "yokai-watch", ["I", "J", "K", "L"], at(6, 20, 0))
    shown, said = merged_on_page(page, b, "yokai-watch", lang)
    (line,) = [line for line in said.splitlines() if f"#{riichi} (" in line]
    assert way in line and BACK[lang].format(id=riichi) in line, line
    assert not back_buttons(shown)  # none for it on this game's page
    shown.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    back_buttons(shown)[BACK[lang].format(id=riichi)].click().run()
    assert riichi in [m.id for m in a.matches()]


def merge_ledgers_into(a, b):
    from tilelens.ledger_merge import merge_ledgers

    merge_ledgers(a.path, b.path)

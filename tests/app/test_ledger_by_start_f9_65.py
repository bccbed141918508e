"""Session 65 (F9) 3: the ledger page's match picker listed the matches by number; a merge numbers another laptop's
matches after ours, whenever they were played, and `tilelens ledger list` lists by when each started
(``tilelens.ledger_cli.by_start``): the picker lists them so too (those under way first, then the finished). The
command line's totals note a player another laptop's record of a match calls otherwise ("Fumj (#1) is Fumi in another
laptop's record of that match": ``Ledger.named_there``); Tonight's totals says it too, in the app's words."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_helpers import texts

from tilelens.ledger import Ledger
from tilelens.ledger_merge import merge_ledgers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import at, started  # noqa: E402

GAME = "tokyo-mahjong"
KEY = f"ledger_match_{GAME}"
FOUR = ["Aki", "Ben", "Dai", "Fumi"]


def test_the_picker_lists_by_start_as_ledger_list_does(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    late, early, middle = (ledger.new_match(GAME, FOUR) for _ in range(3))
    for m, day in ((late, 27), (early, 13), (middle, 20)):
        started(ledger, m, at(day, 19))
    done = ledger.new_match(GAME, FOUR)  # started last, but finished: listed after those under way
    started(ledger, done, at(28, 19))
    ledger.add_win(done, 0, "ron", {1: 1000})
    ledger.end_match(done)
    at_ = page("ledger", GAME)
    options = at_.selectbox(key=KEY).options
    assert [o.split(" ")[0] for o in options] == [f"#{late}", f"#{middle}", f"#{early}", f"#{done}"], options


def _renamed_on_another_laptop(home, tmp_path) -> int:
    """The app's ledger holds a match with Fumj (#1), which the laptop it came from renamed Fumi since, and a later
    match of that evening with Fumi: two players here."""
    one = Ledger(tmp_path / "one.sqlite")
    typo = one.new_match(GAME, ["Aki", "Fumj", "Chie", "Dai"])
    one.add_win(typo, 0, "ron", {1: 1000})
    started(one, typo, at(6, 19))
    two = Ledger(home / "ledger.sqlite")
    merge_ledgers(two.path, one.path)
    later = two.new_match(GAME, FOUR)
    two.add_win(later, 3, "ron", {0: 1000})
    started(two, later, at(6, 20))
    one.rename_player(typo, "Fumj", "Fumi")
    merge_ledgers(two.path, one.path)  # the app's ledger keeps its name
    return typo


@pytest.mark.parametrize("lang, said", [
    ("en", "Fumj (#{id}) is Fumi in another laptop's record of that match, counted here as another player. Where "
           "Fumj is Fumi, rename Fumj in match #{id}: choose that match above, then Rename a player."),
    ("ja", "#{id}のFumjは、ほかのパソコンの記録ではFumiです。ここでは別のプレイヤーとして数えています。同じ人なら、上で"
           "対局 #{id}を選んで、Fumjの名前をFumiに直してください (「プレイヤーの名前を直す」)。")])
def test_tonights_totals_note_a_name_another_laptop_renamed(home, tmp_path, page, lang, said):
    typo = _renamed_on_another_laptop(home, tmp_path)
    at_ = page("ledger", GAME, lang=lang)
    assert not at_.exception, [e.value for e in at_.exception]
    assert said.format(id=typo) in texts(at_), texts(at_)


def test_no_note_where_the_name_there_is_no_player_of_the_totals(home, tmp_path, page):
    _renamed_on_another_laptop(home, tmp_path)
    at_ = page("ledger", GAME)
    later = max(at_.multiselect(key=f"ledger_tonight_{GAME}").value)
    at_.multiselect(key=f"ledger_tonight_{GAME}").set_value([i for i in at_.multiselect(
        key=f"ledger_tonight_{GAME}").value if i != later]).run()  # Fumi's match unticked: Fumi is no player of them
    assert not at_.exception, [e.value for e in at_.exception]
    assert "another laptop's record" not in texts(at_), texts(at_)

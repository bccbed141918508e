"""Session 59 (F27, walk W1 #6): the ledger page's Tonight's totals says the matches each player played, a
"Matches" / 「対局数」 column right after the total, as `tilelens ledger totals` says it beside the total."""
import json
import sys
from pathlib import Path

import pytest

from tilelens.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_helpers import walkers_evening  # noqa: E402

GAME = "cinderella-neo"


def tonight_table(at_):
    (table,) = [d for d in at_.dataframe if any(c in ("Total", "合計") for c in d.value.columns)]
    return table


@pytest.mark.parametrize("lang, player, total, played", [("en", "Player", "Total", "Matches"),
                                                          ("ja", "プレイヤー", "合計", "対局数")])
def test_tonights_totals_say_the_matches_each_played(home, page, lang, player, total, played):
    _, (_, one, two, three) = walkers_evening(Ledger(home / "ledger.sqlite"))
    at_ = page("ledger", GAME, lang=lang)
    table = tonight_table(at_)
    assert list(table.proto.column_order) == [player, total, played, f"#{one}", f"#{two}", f"#{three}"]
    frame = table.value
    assert dict(zip(frame[player], frame[played])) == {"Daiki": 2, "Ben": 3, "Chika": 3, "Ann": 3}
    config = json.loads(table.proto.columns)
    assert not config[played].get("pinned")  # a phone keeps the player and the total alone pinned
    assert config[played].get("width") and config[played]["width"] <= 80


def test_an_unticked_match_is_not_counted(home, page):
    _, (_, one, two, three) = walkers_evening(Ledger(home / "ledger.sqlite"))
    at_ = page("ledger", GAME)
    at_.multiselect(key=f"ledger_tonight_{GAME}").set_value([two, three]).run()
    frame = tonight_table(at_).value
    assert dict(zip(frame["Player"], frame["Matches"])) == {"Daiki": 1, "Ben": 2, "Chika": 2, "Ann": 2}

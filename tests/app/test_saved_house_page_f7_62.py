"""Session 62, F7 (walk W3): a Tokyo Mahjong house table saved by yesterday's tilelens with ``noten_total = 1000``
(paying 333 x 3 then) was refused whole by today's: the score pages, the ledger page ("no hand can be recorded now")
and the Rules page showed only the refusal. It plays as before now, each page saying one warning (the key, 999 in all,
the even values nearest), and the Rules page's Save still refuses the value in an edit. A table the Rules page refuses
says there what to do with it: the TOML box under "Edit the table", then "Validate and save", or Restore."""
import re
import sys
from pathlib import Path

import pytest

from app_helpers import open_page, texts

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_saved_house_f7_62 import TOKYO, saved_as_w3  # noqa: E402 - the house file as W3 wrote it


def _warnings(at) -> list[str]:
    return [str(w.value) for w in at.warning if "riichi.noten_total" in str(w.value)]


@pytest.mark.parametrize("page", ["score_manual", "ledger", "rules"])
def test_each_page_plays_the_saved_table_with_one_warning(home, page):
    saved_as_w3(home / "home")
    at = open_page(page, "tokyo-mahjong")
    assert not at.error, [e.value for e in at.error]
    warnings = _warnings(at)
    assert len(warnings) == 1, warnings
    assert "999 in all" in warnings[0] and "996 or 1008" in warnings[0], warnings[0]
    assert "$TILELENS_HOME/games/tokyo-mahjong/bebd644cd617.toml" in warnings[0], warnings[0]


def test_the_warning_in_japanese(home):
    saved_as_w3(home / "home")
    at = open_page("score_manual", "tokyo-mahjong", "ja")
    warnings = _warnings(at)
    assert len(warnings) == 1 and "996 か 1008" in warnings[0] and "以前の tilelens" in warnings[0], warnings


def test_the_ledger_page_records_a_hand_of_the_saved_table(home):
    saved_as_w3(home / "home")
    at = open_page("ledger", "tokyo-mahjong")
    assert "no hand can be recorded" not in texts(at)


def test_a_save_of_the_value_is_still_refused(home):
    saved_as_w3(home / "home")
    at = open_page("rules", "tokyo-mahjong")
    box = next(a for a in at.text_area if a.key == "rules_text_tokyo-mahjong")
    box.set_value(box.value.replace("return_points = 30000", "return_points = 31000")).run()
    at.button(key="rules_save").click().run()
    refused = [str(e.value) for e in at.error]
    assert any("must be a multiple of 12" in e and "996 or 1008" in e for e in refused), refused
    assert "return_points = 30000" in (home / "home" / "games" / "tokyo-mahjong" / "bebd644cd617.toml").read_text()


def test_a_fixed_value_saves_and_the_warning_goes(home):
    saved_as_w3(home / "home")
    at = open_page("rules", "tokyo-mahjong")
    box = next(a for a in at.text_area if a.key == "rules_text_tokyo-mahjong")
    box.set_value(re.sub(r"(?m)^noten_total = 1000 ", "noten_total = 1008 ", box.value)).run()
    at.button(key="rules_save").click().run()
    assert not at.error, [e.value for e in at.error]
    assert not _warnings(at)


@pytest.mark.parametrize("lang, words", [
    ("en", ("TOML box under “Edit the table”", "Validate and save", "Restore the shipped default")),
    ("ja", ("「表を編集 (主催者向け)」", "「検証して保存」", "「同梱の表に戻す」")),
])
def test_the_rules_page_says_what_to_do_with_a_refused_table(home, lang, words):
    folder = home / "home" / "games" / "tokyo-mahjong"
    folder.mkdir(parents=True)
    (folder / "bebd644cd617.toml").write_text(TOKYO.replace("players = 4 ", "players = 5 ", 1), encoding="utf-8")
    at = open_page("rules", "tokyo-mahjong", lang)
    said = [str(e.value) for e in at.error if "riichi.players" in str(e.value)]
    assert len(said) == 1, [e.value for e in at.error]
    assert all(w in said[0] for w in words), said[0]

"""Session 62 (G2, review RV4): why a match ended, in a language, said by one ``TableState.reason_in`` (the ledger's
end line, the ledger page's early end, `tilelens ledger list`); a quiet command's held-back house-table lines kept on
its ``HouseTables`` (no module dict emptied by a constructor); `tilelens ledger end`'s help counting uma and oka only
where the game has them (a Donjara game has none)."""
from __future__ import annotations

import pytest

from tilelens import cli
from tilelens.cli import HouseTables, main
from tilelens.ledger import TableState
from tilelens.ledger_cli import _reason

TOKYO = "tokyo-mahjong"


def _state(ended: bool, reason: str | None, reason_ja: str | None) -> TableState:
    return TableState(totals=(250, 250), dealer=0, dealer_moves=0, honba=0, pot=0, hands=3, ended=ended,
                      end_reason=reason, history=(), end_reason_ja=reason_ja, ended_early=ended)


def test_the_reason_is_said_in_the_language_asked_for():
    both = _state(True, "ended early after hand 3", "3局で終了")
    assert both.reason_in("en") == "ended early after hand 3" and both.reason_in("ja") == "3局で終了"
    english_only = _state(True, "ended early after hand 3", None)
    assert english_only.reason_in("ja") == "ended early after hand 3"
    going_on = _state(False, None, None)
    assert going_on.reason_in("en") is None and going_on.reason_in("ja") is None
    assert _reason(going_on, "ja") == "" and _reason(both, "ja") == "3局で終了"


def test_each_house_tables_holds_its_own_lines(tmp_path, monkeypatch):
    from app import settings

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TILELENS_LANG", raising=False)
    text = settings.shipped_path(TOKYO).read_text(encoding="utf-8")
    settings.save_house_table(TOKYO, text.replace("starting_points = 25000", "starting_points = 30000"))
    quiet = HouseTables("ledger", quiet=True)
    path = quiet(TOKYO)
    assert path is not None and "using the house table of tokyo-mahjong" in quiet.held[path]
    assert HouseTables("ledger", quiet=True).held == {} and path in quiet.held  # a new one empties none
    assert not hasattr(cli, "_HELD")


@pytest.mark.parametrize("lang, said", [("en", "uma and oka counted where the game has them"),
                                        ("ja", "ウマ・オカがあればそれも数え")])
def test_the_end_help_counts_uma_and_oka_where_the_game_has_them(capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit):
        main(["ledger", "end", "--help"])
    out = capsys.readouterr().out
    assert said in " ".join(out.split()).replace(" ", "" if lang == "ja" else " "), out

"""Session 58 (J3): `tilelens ledger` says a Donjara table's chips as the ledger page does, and the ledger's messages
name its file as the page does.

1. `tilelens ledger show` and `totals` said a Donjara table's chips as a bare 「10点」 where the page says 「10点 (1枚)」
   (``sticks_said``, every game alike).
3. The ledger's messages, which the page shows too, named its file 記録ファイル where the page says 成績表のファイル."""
from __future__ import annotations

import inspect

import pytest
from ledger_fuzz_helpers import run

from tilelens import ledger as ledger_module
from tilelens.ledger import Ledger, LedgerError

PLAYERS = ["Ann", "Ben", "Cy", "Di"]


# --- 1. a Donjara table's chips counted ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang, said", [("en", "Riichi chips on the table: 20 points (2 chips)"),
                                        ("ja", "場のリーチのチップ: 20点 (2枚)")])
def test_show_counts_a_donjara_tables_chips(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("nogizaka", PLAYERS)
    ledger.add_draw(m, riichi=(0, 2))
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", str(m), "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert said in out.splitlines(), out


@pytest.mark.parametrize("lang, said", [
    ("en", "Riichi chips on the tables, in no player's result (so the results add up to -10 points): "
           "#1 10 points (1 chip)"),
    ("ja", "場のリーチのチップは誰の成績にも入りません (そのため成績の合計は -10点): #1 10点 (1枚)")])
def test_totals_count_a_donjara_tables_chips(tmp_path, capsys, monkeypatch, lang, said):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    ledger.add_draw(ledger.new_match("yokai-watch", PLAYERS), riichi=(0,))
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert said in out.splitlines(), out


# --- 3. 成績表のファイル, as the page names it ---------------------------------------------------------------------------

def test_the_ledgers_messages_name_its_file_as_the_page_does():
    source = inspect.getsource(ledger_module)
    assert "記録ファイル" not in source


def test_a_file_that_is_no_ledger_is_said_so_in_the_pages_words(tmp_path):
    path = tmp_path / "notes.sqlite"
    path.write_text("not a database, just words", encoding="utf-8")
    with pytest.raises(LedgerError) as said:
        Ledger(path).matches()
    assert "成績表のファイルではありません" in said.value.message_ja, said.value.message_ja

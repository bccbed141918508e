"""A Japanese message quotes a typed or named value in 「」 (``scorer.result.quoted_ja``), as the
Find box does, not in Python's repr ('x'): a game file whose id is not its name, a ledger's table key and game, an
event's table.toml value, an unknown command. The English beside each keeps its 'x'."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import catalog
from scorer.deal import _yaku_named
from scorer.text import describe
from tilelens import cli
from tilelens.event.layout import FindingKind, read_table_folder
from tilelens.ledger import LedgerError, _as_shipped, _keep_on_draw_error, check_table

NOGIZAKA = (catalog.GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")


def _quoted(ja: str, value: str) -> None:
    assert f"「{value}」" in ja and "'" not in ja, ja


def test_an_added_file_whose_id_is_not_its_name_is_said_in_japanese_quotes(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    folder = tmp_path / "_added"
    folder.mkdir()
    (folder / "mismatch.toml").write_text(NOGIZAKA.replace('id = "nogizaka"', 'id = "other-id"', 1), encoding="utf-8")
    (folder / "Nogizaka.toml").write_text(NOGIZAKA, encoding="utf-8")  # renamed after a shipped game's id
    catalog.add_games_dir(folder)
    why = {s.path.name: s for s in catalog.skipped_added_games()}
    ja = why["mismatch.toml"].why_ja
    assert ja.startswith("ファイルの id が「other-id」で、ファイル名の「mismatch」と違います"), ja
    assert ja.endswith("id を「mismatch」にするか、ファイル名を other-id.toml にしてください"), ja
    assert "make the id 'mismatch'" in why["mismatch.toml"].why  # English as it was
    ja = why["Nogizaka.toml"].why_ja
    assert "「nogizaka」は同梱のゲーム" in ja and "(例: id を「club-nogizaka」に、" in ja and "'" not in ja, ja


def test_a_ledger_table_key_and_game_are_said_in_japanese_quotes():
    class Game:
        rules = {"table": {"start_point": 2000}}

    with pytest.raises(LedgerError) as caught:
        check_table(Game())
    assert "[table] に不明なキー「start_point」があります" in caught.value.message_ja, caught.value.message_ja
    assert "'start_point'" in str(caught.value)
    with pytest.raises(LedgerError) as caught:
        _as_shipped("no-such-game")
    assert caught.value.message_ja == "ゲーム「no-such-game」がありません"
    _quoted(_keep_on_draw_error("sometimes").message_ja, "sometimes")


def test_an_event_table_value_is_said_in_japanese_quotes(tmp_path):
    d = tmp_path / "t"
    d.mkdir()
    (d / "table.toml").write_text('players = "four"\ndealer = "east"\n', encoding="utf-8")
    bad = [p.message_ja for p in read_table_folder(d, 4).problems if p.kind is FindingKind.BAD_MANIFEST]
    assert "players は 2、3、4 のどれかにしてください (「four」になっています)" in bad[0], bad
    assert any("(「east」になっています)" in m for m in bad), bad
    assert all("'" not in m for m in bad), bad


def test_scorer_messages_quote_in_japanese():
    from scorer import load_game

    with pytest.raises(ValueError) as caught:
        describe([], "nogizaka", lang="fr")
    assert "(いま 「fr」)" in caught.value.message_ja, caught.value.message_ja
    with pytest.raises(ValueError) as caught:
        _yaku_named(load_game("nogizaka"), "no-such-yaku")
    assert caught.value.message_ja.startswith("nogizaka に役「no-such-yaku」はありません"), caught.value.message_ja


def test_an_unknown_command_is_quoted_on_a_japanese_screen(monkeypatch, capsys):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert cli.main(["scroe"]) == 2
    err = capsys.readouterr().err
    assert "「scroe」というコマンドはありません" in err and "'scroe'" not in err, err


def test_a_path_is_said_whole_in_japanese_quotes(tmp_path):
    from tilelens.event.layout import EventInputError, scan_event

    with pytest.raises(EventInputError) as caught:
        scan_event(Path(tmp_path / "no-event"))
    assert f"イベントフォルダ「{tmp_path / 'no-event'}」がないか" in caught.value.message_ja, caught.value.message_ja

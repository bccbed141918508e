"""Session 58 (U2): what files written by older tilelens versions read as now.

1. A Tokyo Mahjong match started before riichi chombo existed keeps none (README, "Tokyo Mahjong chombo"), whatever
   form its rules were stored in: one stored as 8882f7a did (no ``chombo_penalty`` at all) was offered a reverse
   mangan from the table in use, one stored as c8ab8d4 did (``chombo_penalty: 0``) none. A Donjara match stored
   without it still takes its game's penalty (Donjara's chombo is the game's own rule, in its file since before).
2. ``tilelens label teach --name club-nogi`` of a set an older tilelens taught from this very folder (its
   ``tileset.json`` without ``data``) said "not taught from this folder": it cannot tell, and says why.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from tilelens.ledger import Ledger, LedgerError, chombo_payments, chombo_penalty, rules_for
from tilelens.labelling import teach
from tilelens.labelling.teach import TeachError

PLAYERS = ["佐藤", "鈴木", "高橋", "田中"]
# The rules of a match as 8882f7a (2026-12-03) stored them: before a match kept its chombo penalty and honba amounts
OLD_TOKYO = {"start_points": 25000, "unit": "点", "riichi_chip": 1000, "keep_on_dealer_win": True,
             "keep_on_draw": "dealer-tenpai", "honba": True, "noten_total": 3000, "laps": 2, "ends_at_or_below": -1,
             "several_ron": False}
OLD_NOGIZAKA = {"start_points": 1000, "unit": "点", "riichi_chip": 10, "keep_on_dealer_win": True,
                "keep_on_draw": "dealer-riichi", "honba": False, "noten_total": 0, "laps": 2, "ends_at_or_below": 0,
                "several_ron": False}


def _old_match(tmp_path, game_id, rules):
    """A ledger holding one match of ``game_id`` whose rules are stored as ``rules`` (an older tilelens's)."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    ledger.make_file()
    with closing(sqlite3.connect(ledger.path)) as db, db:
        db.execute("INSERT INTO matches (game_id, players, rules, created) VALUES (?, ?, ?, 1796562713.5)",
                   (game_id, json.dumps(PLAYERS), json.dumps(rules)))
    (match,) = ledger.matches()
    return ledger, match


@pytest.mark.parametrize("stored", [
    pytest.param({}, id="8882f7a-no-key"),
    pytest.param({"chombo_penalty": 0, "honba_ron": 300, "honba_tsumo_each": 100}, id="c8ab8d4-zero"),
    pytest.param({"chombo_penalty": 0, "honba_ron": 300, "honba_tsumo_each": 100, "currency_en": "points",
                  "currency_ja": "点", "table_mark": "2:886dda51e441871e"}, id="a51d83a-zero"),
])
def test_a_tokyo_match_started_before_riichi_chombo_keeps_none(tmp_path, stored):
    _, match = _old_match(tmp_path, "tokyo-mahjong", {**OLD_TOKYO, **stored})
    assert chombo_penalty("tokyo-mahjong", match.rules) == 0
    with pytest.raises(LedgerError, match="define no chombo penalty"):
        chombo_payments("tokyo-mahjong", 1, 4, match.rules, dealer=0)


def test_a_tokyo_match_started_now_keeps_its_reverse_mangan(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.match(ledger.new_match("tokyo-mahjong", PLAYERS))
    assert chombo_penalty("tokyo-mahjong", match.rules) == 8000
    assert chombo_payments("tokyo-mahjong", 1, 4, match.rules, dealer=0) == {2: 2000, 3: 2000, 0: 4000}
    # the game's own (no match's rules): the Rules page's, a match started now
    assert chombo_penalty("tokyo-mahjong") == 8000 and rules_for("tokyo-mahjong").chombo_penalty == 8000


def test_a_donjara_match_stored_without_a_penalty_takes_its_games(tmp_path):
    _, match = _old_match(tmp_path, "nogizaka", OLD_NOGIZAKA)
    assert match.rules.chombo_penalty is None
    assert chombo_penalty("nogizaka", match.rules) == 300
    assert chombo_payments("nogizaka", 1, 4, match.rules) == {2: 100, 3: 100, 0: 100}


# --- 2: a tile set an older tilelens taught, which did not record the folder


@pytest.fixture
def old_set(tmp_path, monkeypatch):
    """A dataset folder, and a tile set ``club-nogi`` enrolled by 8882f7a (its tileset.json records no ``data``)."""
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    meta = tmp_path / "models" / "tilesets" / "club-nogi" / "tileset.json"
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"name": "club-nogi", "game": "nogizaka", "classifier": "classifier.onnx",
                                "detector": None, "base": "classifier-nogizaka.pt", "crops": 52, "photos": 3}))
    root = tmp_path / "部室の写真"
    root.mkdir()
    return root


def test_teaching_over_a_set_an_older_tilelens_taught_says_it_cannot_tell_where_from(old_set):
    with pytest.raises(TeachError) as refused:
        teach.enroll_args(old_set, "club-nogi", "nogizaka", 5)
    en, ja = str(refused.value), refused.value.message_ja
    assert "not taught from this folder" not in en and "ものではありません" not in ja
    assert "an older tilelens did not record which folder it was taught from" in en
    assert "--replace to teach it again" in en
    assert "古い tilelens" in ja and "--replace" in ja
    assert not teach.job_dir(old_set).exists()  # refused before anything is written


def test_the_command_line_says_it_in_both_languages(old_set, capsys, monkeypatch):
    from tilelens.cli import main as tilelens

    args = ["label", "teach", str(old_set), "--name", "club-nogi", "--base", "nogizaka"]
    assert tilelens(args) == 2
    assert "an older tilelens did not record which folder" in capsys.readouterr().err
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert tilelens(args) == 2
    err = capsys.readouterr().err
    assert "古い tilelens" in err and "--replace" in err


def test_a_set_whose_file_says_another_folder_is_still_said_so(old_set, tmp_path):
    meta = tmp_path / "models" / "tilesets" / "club-nogi" / "tileset.json"
    meta.write_text(json.dumps({"name": "club-nogi", "data": str(tmp_path / "elsewhere" / "data.yaml")}))
    with pytest.raises(TeachError, match=f"taught from {tmp_path / 'elsewhere'}"):
        teach.enroll_args(old_set, "club-nogi", None, 5)


# --- 4: the event check page's "written before reports were sealed" warning (``trust.distrust_said``, drawn by
# ``app.components.event_table_view.untrusted``) showed its command as \`…\`: the whole line went through
# ``as_typed``, which escapes the backticks ``distrust_said`` puts round the command (mended in
# app/components/event_table_view.py's ``untrusted``).


def _warned(why):
    from streamlit.testing.v1 import AppTest

    def page(why):
        from app.components.event_table_view import untrusted

        untrusted(why)

    at = AppTest.from_function(page, kwargs={"why": why}).run()
    assert not at.exception, [e.value for e in at.exception]
    return [w.value for w in at.warning]


def test_an_unsealed_reports_warning_shows_its_command_as_code_not_escaped_backticks():
    from tilelens.event import trust

    why = trust.distrust_said(trust.UNSEALED, ("This table's report", "この卓のレポート"),
                              "TILELENS_HOME=/h tilelens check /ev --game nogizaka", ("*t1*",))
    (warned,) = _warned(why)  # in the page's language (Japanese by default): the command is the same in both
    assert "\\`" not in warned, warned
    assert warned.endswith(": `TILELENS_HOME=/h tilelens check /ev --game nogizaka`"), warned

"""Leftovers: the ledger's add gives the new hand's id; `tilelens check`'s option errors after its usage lines;
the event's HTML headline with a compressed file skipped; the missing classifier's hint."""
from __future__ import annotations

import pytest

from tilelens.ledger import Ledger


def test_each_add_returns_the_id_of_the_hand_it_added(tmp_path):
    # the photo page keeps the id of the hand it added, to tell "still in the ledger" from "undone since"
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    won = ledger.add_win(match, 1, "ron", {0: 1000})
    drawn = ledger.add_draw(match)
    void = ledger.add_chombo(match, 2, {0: 4000, 1: 2000, 3: 2000})
    assert [h.id for h in ledger.hands(match)] == [won, drawn, void]
    assert isinstance(won, str) and len(won) == 32 and len({won, drawn, void}) == 3
    ledger.undo(match)
    again = ledger.add_chombo(match, 2, {0: 4000, 1: 2000, 3: 2000})
    assert again != void and ledger.hands(match)[-1].id == again


@pytest.mark.parametrize("option, value", [("--jobs", "0"), ("--jobs", "two"), ("--min-confidence", "2"),
                                           ("--min-confidence", "nan")])
def test_check_says_an_option_it_cannot_take_after_its_usage(tmp_path, capsys, option, value):
    """README: an option the command line gets wrong is one line naming it, after the command's usage lines.
    `tilelens check --jobs 0` said "--jobs must be at least 1 (got 0)" alone, unlike every other command."""
    from tilelens.cli import main

    (tmp_path / "ev").mkdir()
    with pytest.raises(SystemExit) as exc:
        main(["check", str(tmp_path / "ev"), "--game", "nogizaka", option, value])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("usage: tilelens check")
    assert f"tilelens check: error: argument {option}:" in err.splitlines()[-1]
    assert "Traceback" not in err and not (tmp_path / "ev" / "_report").exists()


def _event(skipped: list[dict]) -> dict:
    tables = [{"table": f"table-0{i}", "verdict": "ok", "counts": {}, "findings": []} for i in (1, 2)]
    return {"tables": tables, "skipped": skipped, "finished": True, "model_version": "m1", "game": "nogizaka",
            "in_order": not any(s.get("kind") == "archive" for s in skipped)}


ZIPPED = {"folder": "table-03.zip", "kind": "archive", "reason": "a compressed file: unzip it into a folder",
          "reason_ja": "圧縮ファイル"}


def test_the_event_page_with_a_table_left_zipped_says_the_event_is_not_in_order(tmp_path):
    """The HTML headline said "Event check: 2 of 2 tables in order" while event.json said in_order false and
    the exit status was 1."""
    from tilelens.event.report import event_html

    page = event_html(tmp_path, _event([ZIPPED]))
    head = page[page.index("<h1>"):page.index("</h1>")]
    assert "not in order" in head and "1 compressed file not checked" in head and "table-03.zip" in head
    assert "すべて問題なしとは言えません" in head and "圧縮ファイル" in head
    assert "2 of 2 tables in order" not in head or "not in order" in head.split("2 of 2 tables in order")[0]
    # an unzipped one kept beside its folder (kind "unzipped") and an old report leave it in order
    fine = event_html(tmp_path, _event([{**ZIPPED, "kind": "unzipped"}, {"folder": "day1", "kind": "report",
                                                                         "reason": "an earlier report"}]))
    assert "Event check: 2 of 2 tables in order" in fine and "not in order" not in fine[:fine.index("</h1>")]


def test_a_missing_classifier_says_how_to_train_one_where_the_read_looks(tmp_path, monkeypatch):
    """`tilelens train classifier` writes into runs/classifier/<game> unless told --models: the hint to train
    one with `--game` alone left the read without it."""
    from vision.recognizer import Recognizer, RecognizerError

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "mine"))
    with pytest.raises(RecognizerError) as exc:
        Recognizer.load("nogizaka")
    en, ja = str(exc.value), exc.value.message_ja
    assert f"tilelens train classifier --game nogizaka --models {tmp_path / 'mine'}" in en
    assert "runs/classifier/nogizaka" in en and "TILELENS_MODELS" in en
    assert "tilelens train" not in ja  # the app's screen (Japanese) gives a player no training advice


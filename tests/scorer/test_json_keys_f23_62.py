"""Session 62 (F23, walkthrough W12): ``score --json`` of a riichi hand has the same keys won or not (a win had
``dora``, ``limit``, ``fu_details``, ``notes`` ... and a hand that is no win ``tiles_from_win`` only), null or []
where a key does not apply; ``waits --json``'s ron and tsumo alike; ``ledger totals --json`` before the ledger
file is made has ``recorded_twice``."""
from __future__ import annotations

import json

import pytest

from tilelens.cli import main

G = ["--game", "tokyo-mahjong"]
HANDS = {
    "win": ["234m456p789s11z555z", "--win-tile", "4m", "--riichi"],
    "no-shape": ["134m456p789s11z555z"],
    "no-yaku": ["234m456p789s11z", "--melds", "chi:678s", "--win-tile", "4m"],
    "furiten": ["234m456p789s11z555z", "--win-tile", "4m", "--discards", "1m"],
}


def _json(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_riichi_score_json_has_the_same_keys_won_or_not(capsys):
    docs = {name: _json(capsys, "score", *G, *hand, "--json") for name, hand in HANDS.items()}
    assert docs["win"]["winning"] and not any(d["winning"] for n, d in docs.items() if n != "win")
    keys = {name: set(d) for name, d in docs.items()}
    assert all(k == keys["win"] for k in keys.values()), {n: k ^ keys["win"] for n, k in keys.items()}
    assert all(set(d["extra"]) == set(docs["win"]["extra"]) for d in docs.values())
    shape = docs["no-shape"]
    assert shape["tiles_from_win"] == 1 and shape["dora"] is None and shape["limit"] is None
    assert (shape["fu_details"], shape["notes"], shape["total_received"]) == ([], [], 0)
    assert shape["dealer_keeps_seat"] is None and shape["next_honba"] is None and shape["open"] is None
    assert docs["win"]["tiles_from_win"] is None and docs["win"]["extra"]["tiles_from_win"] is None
    assert docs["furiten"]["furiten"] == "1m" and docs["win"]["furiten"] is None
    assert docs["win"]["pao_yaku"] is None and docs["win"]["pao"] is None and docs["win"]["limit_by"] is None


def test_waits_json_ron_and_tsumo_have_the_same_keys(capsys):
    d = _json(capsys, "waits", *G, "23m456p789s11z555z", "--discards", "1m", "--json")  # furiten: tsumo only
    sides = [w[way] for w in d["waits"] for way in ("ron", "tsumo")]
    assert {s["winning"] for s in sides} == {True, False}
    assert len({frozenset(s) for s in sides}) == 1, [sorted(s) for s in sides]


def test_score_help_documents_tiles_from_win(capsys):
    with pytest.raises(SystemExit):
        main(["score", *G, "--help"])
    assert "tiles_from_win" in capsys.readouterr().out


def test_ledger_totals_json_before_the_ledger_file_has_recorded_twice(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    data = _json(capsys, "ledger", "totals", "--json")
    assert data["recorded_twice"] == [] and data["matches"] == []

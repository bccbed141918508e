"""A ledger edited by hand (or damaged) into what no tilelens records is said, not read as if sound.

Each damaged ledger is a copy of a sound one (a Nogizaka match #1 of two hands, a Tokyo Mahjong match #2 of one) with
one change: five players at a Nogizaka table, two players of one name, a winner among those who pay him, a chombo's
declarer among those paid, a payment or starting points beyond any real score, stored rules without the starting
points. `ledger list` and `totals` read them with exit 0 (a Tokyo Mahjong match without its start_points was read from
1,000, not 25,000; with two Anns `totals` showed one "Ann +40" row, the other Ann's result lost) and `ledger merge`
added them to a sound ledger. Now each is one line naming the match (and the hand) and what is wrong, in both
languages: the match left out of `list` and `totals`, refused by `show` and `merge`, the other match read as before.
"""
from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from tilelens.cli import main
from tilelens.ledger import Ledger, LedgerError, TableRules


def _sound(path: Path) -> Path:
    """The sound ledger: #1 Nogizaka (Ann tsumo, 20 from each; Ben ron off Ann, 60), #2 Tokyo Mahjong (Ann ron off
    Ben, 1,000)."""
    ledger = Ledger(path)
    nogi = ledger.new_match("nogizaka", ["Ann", "Ben", "Cho", "Dai"])
    ledger.add_win(nogi, 0, "tsumo", {1: 20, 2: 20, 3: 20})
    ledger.add_win(nogi, 1, "ron", {0: 60})
    tokyo = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cho", "Dai"])
    ledger.add_win(tokyo, 0, "ron", {1: 1000})
    return path


def _rules_of_2(change):
    def edit(db):
        rules = json.loads(db.execute("SELECT rules FROM matches WHERE id = 2").fetchone()[0])
        change(rules)
        db.execute("UPDATE matches SET rules = ? WHERE id = 2", (json.dumps(rules),))
    return edit


def _players_of_1(names):
    return lambda db: db.execute("UPDATE matches SET players = ? WHERE id = 1", (json.dumps(names),))


def _hand_2_of_1(**columns):
    sets = ", ".join(f"{k} = ?" for k in columns)
    return lambda db: db.execute(f"UPDATE hands SET {sets} WHERE match_id = 1 AND seq = 1", tuple(columns.values()))


# id: (the change, the match it damages, what the English line says, what the Japanese one says)
DAMAGE = {
    "five-players": (_players_of_1(["Ann", "Ben", "Cho", "Dai", "Eve"]), 1,
                     "it has 5 players, and a table of Nogizaka Donjara (fan-made) seats at most 4",
                     "プレイヤーが5人います (「乃木坂ドンジャラ」の卓は4人までです)"),
    "one-player": (_players_of_1(["Ann"]), 1, "it has 1 player, and a table seats at least 2",
                   "プレイヤーが1人しかいません (卓は2人からです)"),
    "two-anns": (_players_of_1(["Ann", "Ben", "Cho", "Ann"]), 1,
                 "more than one of its players is named 'Ann': each player needs a different name",
                 "「Ann」という名前のプレイヤーが複数います"),
    "winner-pays-himself": (_hand_2_of_1(payments=json.dumps({"1": 60})), 1,
                            "hand 2 has its winner (seat 2) among those who pay it",
                            "2局目は上がった人 (席 2) が払う側にも記録されています"),
    "chombo-paid-to-its-declarer": (_hand_2_of_1(kind="chombo", win_kind=None,
                                                 payments=json.dumps({"0": 100, "1": 100, "2": 100})), 1,
                                    "hand 2 has the player who made the chombo (seat 2) among those paid for it",
                                    "2局目はチョンボをした人 (席 2) が受け取る側にも記録されています"),
    "huge-payment": (_hand_2_of_1(payments=json.dumps({"0": 10 ** 23})), 1,
                     "hand 2 has a payment of 100000000000000000000000, more than any score (at most "
                     "1,000,000,000,000)",
                     "2局目の支払いが点数として大きすぎます (100000000000000000000000。最大 1,000,000,000,000)"),
    "huge-start": (_rules_of_2(lambda r: r.update(start_points=10 ** 30)), 2,
                   "[table] start_points must be 1,000,000,000,000 or less (no score is larger), got "
                   "1000000000000000000000000000000",
                   "[table] start_points は 1,000,000,000,000 以下にしてください (いま 1000000000000000000000000000000)"),
    "no-start-points": (_rules_of_2(lambda r: r.pop("start_points")), 2,
                        "its table rules do not say the points each player started with (start_points)",
                        "卓のルールに開始時の持ち点 (start_points) が記録されていません"),
}


@pytest.fixture
def damaged(tmp_path, request):
    """``(path, match id, en, ja)``: a copy of the sound ledger with the change of DAMAGE[request.param]."""
    change, match_id, en, ja = DAMAGE[request.param]
    sound = _sound(tmp_path / "sound.sqlite")
    path = tmp_path / "damaged.sqlite"
    shutil.copy(sound, path)
    with closing(sqlite3.connect(path)) as db, db:
        change(db)
    return path, match_id, en, ja


def _run(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


each = pytest.mark.parametrize("damaged", list(DAMAGE), indirect=True)


@each
def test_the_ledger_names_the_match_and_what_is_wrong(damaged):
    path, match_id, en, ja = damaged
    ledger = Ledger(path)
    read = ledger.tables(ledger.matches())
    wrong = [str(e) for e in ledger.damaged()] + [str(v) for v in read.values() if isinstance(v, LedgerError)]
    assert len(wrong) == 1 and f"match #{match_id} in {path} cannot be read: {en}" in wrong[0], wrong
    other = 3 - match_id
    assert not isinstance(read[other], LedgerError)  # the other match read as before


@each
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_list_leaves_it_out_with_one_line(damaged, capsys, monkeypatch, lang):
    path, match_id, en, ja = damaged
    code, out, err = _run(capsys, monkeypatch, lang, "ledger", "--db", str(path), "list")
    assert code == 2, (out, err)
    (line,) = err.strip().splitlines()
    assert (en if lang == "en" else ja) in line and (f"match #{match_id}" in line if lang == "en"
                                                     else f"対局 #{match_id}" in line), line
    listed = [row.split()[0] for row in out.strip().splitlines()]
    assert listed == [f"#{3 - match_id}"], out


@each
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_totals_and_show_refuse_it(damaged, capsys, monkeypatch, lang):
    path, match_id, en, ja = damaged
    for command in ("totals", "show"):
        code, out, err = _run(capsys, monkeypatch, lang, "ledger", "--db", str(path), command, str(match_id))
        assert code == 2 and not out.strip(), (command, out, err)
        assert (en if lang == "en" else ja) in err, (command, err)


@each
def test_merge_leaves_it_out_and_takes_the_other(damaged, tmp_path, capsys, monkeypatch):
    path, match_id, en, _ = damaged
    target = tmp_path / "club.sqlite"
    Ledger(target).make_file()
    code, out, err = _run(capsys, monkeypatch, "en", "ledger", "--db", str(target), "merge", str(path))
    assert code == 2 and en in err, (out, err)
    (kept,) = Ledger(target).matches()
    assert kept.game_id == ("tokyo-mahjong" if match_id == 1 else "nogizaka")


def test_the_sound_ledger_reads_as_before(tmp_path, capsys, monkeypatch):
    path = _sound(tmp_path / "sound.sqlite")
    code, out, err = _run(capsys, monkeypatch, "en", "ledger", "--db", str(path), "totals", "1")
    assert code == 0 and not err, err
    assert "Ben" in out and "+40" in out
    code, out, err = _run(capsys, monkeypatch, "en", "ledger", "--db", str(path), "list")
    assert code == 0 and len(out.strip().splitlines()) == 2, (out, err)


def test_the_greatest_score_is_still_a_score():
    assert TableRules(start_points=10 ** 12).start_points == 10 ** 12
    with pytest.raises(LedgerError, match="riichi_chip must be 1,000,000,000,000 or less"):
        TableRules(riichi_chip=10 ** 12 + 1)

"""Session 55 (f21), the event check's leftovers from the core review (rv1):

1. The command said with a report not trusted here (``runner.check_command_here``, the way forward of
   ``table_distrust``/``event_distrust``, which the app shows) took its event folder and its game from an
   ``event.json`` (or a table's ``report.json``) nobody verified: a forged one made it say
   ``tilelens check /attacker/folder --game yokai-watch --out …``. Now a report not trusted gives neither: the event
   folder is where the report lies (or ``EVENT_FOLDER``), the game a trusted table report's (or ``GAME``).
2. The same function raised ``OSError`` (``File name too long``) for an ``event_dir`` of 300 characters: the app
   calls it unguarded. Every path it looks at is looked at under ``contextlib.suppress``.
3. A dealer marked by a photo's name and by ``table.toml`` both, at the wrong seat: the hint said only to rename the
   photos, and following it gave "more than one dealer". It says the one consistent way: the ``table.toml`` line to
   change and the photo of the dealer's mark to rename.
4. ``model.other_game_event`` counted a flagged wall as a seat (seats read do not count it): seat 1 and the wall at
   one table of four seats was "half the event's seats (2 of 4)".
5. The words of a report sealed elsewhere (or by an older tilelens, of no key named) advised copying the other home's
   key without saying that it replaces this home's (every report this home sealed then distrusted): they suggest the
   other home first, and say what copying its key does, in both languages."""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from event_trust_helpers import check, exact_cli  # noqa: E402
from test_event_support import CLEAN, japanese, make_table  # noqa: E402
from tilelens.event import trust  # noqa: E402
from tilelens.event.model import other_game_event  # noqa: E402
from tilelens.event.runner import check_command_here, event_distrust, table_distrust  # noqa: E402

LONG = "/" + "x" * 300  # a name longer than a file system takes: stat() says "File name too long"


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_LANG", "en")
    return exact_cli(monkeypatch, tmp_path)


def _edit(path: Path, **changes) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")


def _command(said: str) -> list[str]:
    """The words of the command in ``said`` (after ``TILELENS_HOME=…``)."""
    start = said.index("TILELENS_HOME=")
    end = said.find("`", start)  # the command in backticks (578cb51)
    words = shlex.split(said[start:end if end >= 0 else len(said)])
    return words[1:words.index("--game") + 2] + (words[words.index("--out"):words.index("--out") + 2]
                                                  if "--out" in words else [])


# --- 1. the command of a report not trusted: nothing from an unverified report --------------------------------------

def test_a_forged_event_json_beside_a_report_elsewhere_names_neither_its_folder_nor_its_game(exact, tmp_path):
    """The review: a report folder of ``--out`` (not the event's ``_report``), its event.json edited to name another
    folder and another game: the command said checked the attacker's folder, as Yokai Watch, into this report."""
    event, out = tmp_path / "ev", tmp_path / "reports" / "june"
    make_table(exact, event, "t1", CLEAN)
    assert check(event, "--out", str(out)) == 0
    attacker = tmp_path / "attacker"
    attacker.mkdir()
    _edit(out / "event.json", event_dir=str(attacker), game="yokai-watch")
    said = event_distrust(out)
    assert said is not None
    for words in (said[0], said[1]):
        command = _command(words)
        assert str(attacker) not in words and "yokai-watch" not in words, words
        # t1's report is this home's, of this table: its game; the event folder is not known from here
        assert command == ["tilelens", "check", "EVENT_FOLDER", "--game", "nogizaka", "--out", str(out)], command


def test_a_forged_event_json_in_the_events_report_folder_names_the_folder_it_lies_in(exact, tmp_path):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    assert check(event) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    _edit(event / "_report" / "event.json", event_dir=str(elsewhere), game="yokai-watch",
          game_file=str(tmp_path / "evil.toml"))
    said = event_distrust(event / "_report")
    assert said is not None
    assert _command(said[0]) == ["tilelens", "check", str(event.resolve()), "--game", "nogizaka"], said[0]
    assert "evil.toml" not in said[0] + said[1] and "yokai-watch" not in said[0] + said[1]


def test_a_forged_table_report_names_a_trusted_tables_game_not_its_own(exact, tmp_path):
    """``table_distrust`` passed the untrusted report's own game (or game file) to the command."""
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    make_table(exact, event, "t2", CLEAN)
    assert check(event) == 0
    out = event / "_report"
    _edit(out / "t2" / "report.json", game="yokai-watch", game_file=str(tmp_path / "evil.toml"))
    _edit(out / "event.json", game="yokai-watch")  # the event's report, not trusted now, says no game either
    said = table_distrust(out / "t2")
    assert said is not None
    assert _command(said[0]) == ["tilelens", "check", str(event.resolve()), "--game", "nogizaka"], said[0]
    assert "evil.toml" not in said[1] and "yokai-watch" not in said[1] and "tilelens check" in said[1]


def test_no_trusted_report_leaves_the_game_to_fill_in(exact, tmp_path):
    event = tmp_path / "ev"
    make_table(exact, event, "t1", CLEAN)
    assert check(event) == 0
    out = event / "_report"
    _edit(out / "t1" / "report.json", game="yokai-watch")
    _edit(out / "event.json", game=str(tmp_path / "evil.toml"))  # a game file, unsealed: not said
    for said in (table_distrust(out / "t1"), event_distrust(out)):
        assert said is not None
        assert _command(said[0]) == ["tilelens", "check", str(event.resolve()), "--game", "GAME"], said[0]
    # a shipped game's id, unsealed, is harmless to name (session 55, f26): the command can be followed as said
    _edit(out / "event.json", game="yokai-watch")
    for said in (table_distrust(out / "t1"), event_distrust(out)):
        assert said is not None
        assert _command(said[0]) == ["tilelens", "check", str(event.resolve()), "--game", "yokai-watch"], said[0]


def test_a_trusted_event_still_names_its_folder_and_game(exact, tmp_path):
    """The command of a report trusted (here: the app's page asking of an event it trusts) is as before."""
    event, out = tmp_path / "ev", tmp_path / "reports" / "june"
    make_table(exact, event, "t1", CLEAN)
    assert check(event, "--out", str(out)) == 0
    assert event_distrust(out) is None
    assert _command(check_command_here(out)) == ["tilelens", "check", str(event.resolve()), "--game", "nogizaka",
                                                 "--out", str(out)]


# --- 2. no OSError from a path too long ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["event_dir", "event_dir_from_report"])
def test_a_name_too_long_in_event_json_is_no_traceback(exact, tmp_path, key):
    event, out = tmp_path / "ev", tmp_path / "reports" / "june"
    make_table(exact, event, "t1", CLEAN)
    assert check(event, "--out", str(out)) == 0
    _edit(out / "event.json", **{key: LONG})  # not sealed now
    said = event_distrust(out)
    assert said is not None and "EVENT_FOLDER" in said[0] and LONG not in said[0], said
    assert table_distrust(out / "t1") is None
    # sealed by this home as it is (a check run where such a name was a folder once): looked at, no error either
    data = json.loads((out / "event.json").read_text(encoding="utf-8"))
    (out / "event.json").write_text(json.dumps(trust.sealed(data)), encoding="utf-8")
    assert "tilelens check" in check_command_here(out)
    event_distrust(out)


def test_a_folder_that_cannot_be_looked_at_is_no_traceback(exact, tmp_path, monkeypatch):
    """Permission denied on a folder above the event folder named (stat() raises, as for a name too long)."""
    event, out = tmp_path / "ev", tmp_path / "reports" / "june"
    make_table(exact, event, "t1", CLEAN)
    assert check(event, "--out", str(out)) == 0
    real_stat = Path.stat

    def stat(self, *args, **kwargs):
        if str(self).startswith(str(event)):
            raise PermissionError(13, "Permission denied", str(self))
        return real_stat(self, *args, **kwargs)
    monkeypatch.setattr(Path, "stat", stat)
    assert "tilelens check" in check_command_here(out)
    said = event_distrust(out)
    assert said is None or "tilelens check" in said[0]


# --- 3. a dealer marked by its photo's name and by table.toml -----------------------------------------------------

def _dealer_at_seat_3(exact, tmp_path) -> Path:
    """The review's table: seat1-dealer.png and ``dealer = 1`` in table.toml, seat 3 holding the dealer's 9."""
    hands = dict(CLEAN)
    hands["1"], hands["3"] = CLEAN["3"], CLEAN["1"]
    folder = make_table(exact, tmp_path / "ev", "t1", hands, dealer="1")
    (folder / "table.toml").write_text("dealer = 1\n", encoding="utf-8")
    return folder


def test_a_dealer_named_in_table_toml_too_says_the_line_to_change(exact, tmp_path):
    folder = _dealer_at_seat_3(exact, tmp_path)
    check(folder.parent)
    report = json.loads((folder.parent / "_report" / "t1" / "report.json").read_text(encoding="utf-8"))
    said = next(f for f in report["findings"] if f["kind"] == "wrong-count" and f["seats"] == ["1"])
    en, ja = said["message"], said["message_ja"]
    assert "change dealer = 1 to dealer = 3 in table.toml" in en and "rename seat1-dealer.png to seat1.png" in en, en
    assert "seat3-dealer.png" not in en, en  # one way: table.toml says the dealer, no photo's name does
    assert japanese(ja) and "table.toml の dealer = 1 を dealer = 3 に" in ja and "seat1-dealer.png を seat1.png" in ja
    assert "seat3-dealer.png" not in ja, ja


def test_following_the_dealer_hint_leaves_the_table_in_order(exact, tmp_path):
    folder = _dealer_at_seat_3(exact, tmp_path)
    check(folder.parent)
    (folder / "table.toml").write_text("dealer = 3\n", encoding="utf-8")
    (folder / "seat1-dealer.png").rename(folder / "seat1.png")
    assert check(folder.parent) == 0
    report = json.loads((folder.parent / "_report" / "t1" / "report.json").read_text(encoding="utf-8"))
    assert report["verdict"] == "ok", report["findings"]


def test_a_dealer_named_in_table_json_says_its_line_as_json():
    from scorer import load_game
    from tilelens.event.model import SeatReading
    from tilelens.event.rules import Seating, mark_dealer

    readings = {s: SeatReading(s, n, ()) for s, n in (("1", "seat1-dealer.jpg"), ("3", "seat3.jpg"))}
    en, ja = mark_dealer("3", Seating(("1", "2", "3", "4"), dealer="1", dealer_manifest="table.json"), readings)
    assert en == 'change "dealer": 1 to "dealer": 3 in table.json and rename seat1-dealer.jpg to seat1.jpg', en
    assert 'table.json の "dealer": 1 を "dealer": 3 に' in ja, ja
    assert load_game("nogizaka")  # the game its words are of loads


# --- 4. the wall is no seat of the event --------------------------------------------------------------------------

def test_a_flagged_wall_is_not_counted_among_the_events_seats():
    data = {"game": "nogizaka", "game_en": "Nogizaka", "game_ja": "乃木坂", "looks_like": "yokai-watch",
            "looks_like_en": "Yokai Watch", "looks_like_ja": "妖怪ウォッチ", "hint": "right --game?", "hint_ja": "?"}
    line = {"table": "t1", "seats_read": 4, "findings": [{"kind": "other-game", "seats": ["1"], "data": data},
                                                           {"kind": "other-game", "seats": ["wall"], "data": data}]}
    assert other_game_event([line]) is None
    # two seats of the four are half the event's seats, the wall beside them or not
    line["findings"].append({"kind": "other-game", "seats": ["2"], "data": data})
    said = other_game_event([line])
    assert said is not None and "(2 of 4)" in said["message"] and "(4席中2席)" in said["message_ja"], said


# --- 5. another home's key: what copying it does -----------------------------------------------------------------

@pytest.mark.parametrize("reason", [trust.ELSEWHERE, trust.UNKNOWN])
def test_copying_another_homes_key_says_it_replaces_this_homes(reason, tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    en, ja = trust.distrust_said(reason, ("This table's report", "この卓のレポート"), "tilelens check EV --game g")
    # first the way that changes nothing here: the home that checked it
    assert "TILELENS_HOME set to the home that checked it" in en, en
    assert en.index("TILELENS_HOME set to") < en.index(trust.KEY_FILE), en
    assert "replaces this home's key" in en and "every report this home sealed" in en, en
    assert japanese(ja) and "チェックした TILELENS_HOME を指定して" in ja, ja
    assert "このホームの鍵と置き換わり" in ja and "このホームが封印したレポート" in ja, ja
    assert trust.KEY_FILE in ja and str(tmp_path / "home") in ja and "tilelens check EV --game g" in ja, ja

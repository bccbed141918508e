"""Session 53 fuzz re-walk of `tilelens ledger` (damaged ledgers, second round):

- a hand whose number (``seq``) is stored as text: `show` leaked Python's "can only concatenate str (not "int") to
  str" (English inside Japanese too) while `list` showed the match as fine: both name it as damaged, in plain words;
- a hand number below 0 ("#-4 Hand 1"): damaged too (a gap in the numbers is fine);
- players and notes holding control characters (an ANSI colour, a line break, a right-to-left mark) were written
  straight to the terminal: said escaped (repr-like) in the text output, as they are in ``--json``'s escapes;
- a stored game id naming a file (a path, a .toml) made tilelens load that file: the match is damaged."""
from __future__ import annotations

import json

import pytest
from ledger_fuzz_helpers import edit, run, two_matches

from tilelens.ledger import Ledger


@pytest.fixture(autouse=True)
def _lang(monkeypatch):
    monkeypatch.delenv("TILELENS_LANG", raising=False)


@pytest.fixture
def ledger(tmp_path):
    """#1 (Yokai Watch, one hand) is the one edited by the tests; #2 (riichi) is kept good."""
    return two_matches(tmp_path)


# ---- 1 and 4. a hand number stored as text, or below 0 -------------------------------------------------------------

@pytest.mark.parametrize("seq", ["abc", -5, 1.5])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hand_number_not_a_whole_number_from_0_is_a_damaged_match_in_list_and_show(ledger, capsys, monkeypatch,
                                                                                      seq, lang):
    edit(ledger, "UPDATE hands SET seq = ?", seq)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(ledger.path))
    assert code == 2 and "#1 " not in out and "#2 " in out, out
    assert err.count("\n") == 1 and "#1" in err, err
    listed = err
    for action in (["show", "1"], ["show", "1", "--json"]):
        code, out, err = run(capsys, monkeypatch, lang, "ledger", *action, "--db", str(ledger.path))
        assert code == 2 and not out, out
        shown = listed.replace("; it was left out", "").replace("。この対局は除きました", "")
        assert err == shown, (err, listed)  # the same words in list and show (show has nothing to leave out)
    err = err.replace(str(ledger.path), "")  # (the test's folder is named after it: "hand", "number")
    assert "concatenate" not in err and "not \"int\"" not in err and "str" not in err, err
    if lang == "ja":
        assert "局の番号" in err and not any(w in err for w in ("hand", "number", "stored")), err
    else:
        assert "hand" in err and "number" in err, err


def test_a_gap_in_the_hand_numbers_is_fine(ledger, capsys, monkeypatch):
    edit(ledger, "UPDATE hands SET seq = 1000000")
    code, out, err = run(capsys, monkeypatch, "en", "ledger", "show", "1", "--db", str(ledger.path))
    assert code == 0 and not err and "#1000001" in out, (out, err)


# ---- 2. control characters in players and notes ---------------------------------------------------------------------

BAD = ["\x1b[31mA", "B\nB", "\u202eC", "D"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_players_with_control_characters_are_said_escaped_in_list_and_show(ledger, capsys, monkeypatch, lang):
    edit(ledger, "UPDATE matches SET players = ? WHERE id = 1", json.dumps(BAD))
    for action in (["list"], ["show", "1"]):
        code, out, err = run(capsys, monkeypatch, lang, "ledger", *action, "--db", str(ledger.path))
        assert code == 0 and not err, err
        assert not any(c in out for c in ("\x1b", "\u202e", "\r")), out
        assert r"'\x1b[31mA'" in out and r"'B\nB'" in out and r"'\u202eC'" in out, out
        if action == ["list"]:
            assert out.count("\n") == 2, out  # one line a match
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", "1", "--json", "--db", str(ledger.path))
    assert code == 0 and json.loads(out)["players"] == BAD  # --json: the names as stored


def test_japanese_names_with_a_full_width_space_are_said_as_they_are(ledger, capsys, monkeypatch):
    edit(ledger, "UPDATE matches SET players = ? WHERE id = 1", json.dumps(["山田\u3000花子", "B", "C", "D"]))
    code, out, err = run(capsys, monkeypatch, "ja", "ledger", "list", "--db", str(ledger.path))
    assert code == 0 and "山田\u3000花子" in out and "'" not in out, out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_note_with_control_characters_is_said_escaped(ledger, capsys, monkeypatch, lang):
    edit(ledger, "UPDATE hands SET note = ?", "\x1b[31mRED\x1b[0m\nline2")
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", "1", "--db", str(ledger.path))
    assert code == 0 and not err, err
    assert "\x1b" not in out and r"\x1b[31mRED\x1b[0m\nline2" in out, out
    assert not any(line.startswith("line2") for line in out.splitlines()), out
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", "1", "--json", "--db", str(ledger.path))
    assert "\x1b[31mRED\x1b[0m\nline2" in json.loads(out)["hands"][0]["note"]


# ---- 3. a stored game id that names a file --------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["/work/main/scorer/games/nogizaka.toml", "../../etc/passwd", "nogizaka.toml",
                                     "games\\nogizaka", "NOGIZAKA.TOML"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_stored_game_id_naming_a_file_is_a_damaged_match(ledger, capsys, monkeypatch, game_id, lang):
    edit(ledger, "UPDATE matches SET game_id = ? WHERE id = 1", game_id)
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "list", "--db", str(ledger.path))
    assert code == 2 and "#1 " not in out and "Nogizaka" not in out and "乃木坂" not in out and "#2 " in out, out
    assert err.count("\n") == 1 and "#1" in err, err
    listed = err
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "show", "1", "--db", str(ledger.path))
    shown = listed.replace("; it was left out", "").replace("。この対局は除きました", "")
    assert code == 2 and not out and err == shown, (out, err)
    assert ("ゲーム" in err) if lang == "ja" else ("game" in err), err
    assert [m.id for m in ledger.matches()] == [2] and len(ledger.damaged()) == 1


def test_a_game_id_ending_in_toml_is_a_damaged_match_even_with_an_added_file_of_that_name(tmp_path, monkeypatch):
    """Session 54: an added game's id is a valid id (``scorer.catalog.ADDED_ID``: no dot), so no added game is named
    "mine.toml" any more (``mine.toml.toml`` is skipped, its id not its name): such a match is damaged, kept, not
    loaded from a file."""
    from scorer.catalog import GAMES_DIR

    added = tmp_path / "added"
    added.mkdir()
    (added / "mine.toml.toml").write_text((GAMES_DIR / "yokai-watch.toml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    monkeypatch.setattr("scorer.catalog._EXTRA_DIRS", [added])
    ledger = Ledger(tmp_path / "l.sqlite")
    ledger.new_match("yokai-watch", ["A", "B"])
    edit(ledger, "UPDATE matches SET game_id = 'mine.toml'")
    assert ledger.matches() == [] and len(ledger.damaged()) == 1

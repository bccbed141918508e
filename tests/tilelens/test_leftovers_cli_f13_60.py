"""Session 60 (F13): leftovers other helpers named, on the command line's side.

- A ``[table]`` key written in Japanese (``持ち点 = 30000``) listed all sixteen keys the ledger reads: the ledger's own
  check (``tilelens.ledger.check_table``) now points to the key meant (``scorer.catalog.key_hint``), as the game
  file's other tables do; a misspelt English key still gets its near match.
- `tilelens label audit --pictures` said the system's reason in English in Japanese output.
- The note of a dataset folder given a new id: "taught from it from now on".
"""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tilelens.ledger import LedgerError, check_table

HINT = ("did you mean start_points (持ち点)? keys are written in English", "start_points (持ち点) のことですか? キーは英語で書きます")


def _game(table: dict, engine: str = "riichi"):
    return SimpleNamespace(rules={"table": table}, engine=engine)


@pytest.mark.parametrize("engine", ["riichi", "donjara"])
def test_a_japanese_table_key_names_the_key_it_means(engine):
    with pytest.raises(LedgerError) as caught:
        check_table(_game({"持ち点": 30000}, engine))
    exc = caught.value
    assert HINT[0] in str(exc) and HINT[1] in exc.message_ja, (str(exc), exc.message_ja)
    assert "calls" not in str(exc) and "calls" not in exc.message_ja  # not every key listed


def test_a_japanese_table_key_of_no_known_word_says_keys_are_english():
    with pytest.raises(LedgerError) as caught:
        check_table(_game({"得点倍率": 2}))
    assert "keys are written in English: " in str(caught.value), str(caught.value)
    assert "キーは英語で書きます: " in caught.value.message_ja, caught.value.message_ja


def test_a_misspelt_english_key_still_gets_its_near_match():
    with pytest.raises(LedgerError) as caught:
        check_table(_game({"start_point": 30000}))
    assert "did you mean start_points?" in str(caught.value) and "keys are written" not in str(caught.value)


def test_the_command_line_reads_a_house_file_with_a_japanese_table_key(tmp_path, monkeypatch, capsys):
    """As `tilelens score --game FILE` checks a game file's rule tables (``tilelens.home.check_rule_tables``)."""
    from scorer.catalog import GAMES_DIR
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    text = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    assert "honba = true  #" in text
    path = tmp_path / "house.toml"
    path.write_text(text.replace("honba = true  #", '"持ち点" = 30000\nhonba = true  #', 1), encoding="utf-8")
    for lang, said in (("en", HINT[0]), ("ja", HINT[1])):
        monkeypatch.setenv("TILELENS_LANG", lang)
        code = main(["score", "--game", str(path), *"1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 7z 7z 7z".split(), "--tsumo"])
        err = capsys.readouterr().err
        assert code == 2 and said in err and "Traceback" not in err, err


# ---- label audit --pictures: the system's reason in the command line's language --------------------------------------
def test_audit_pictures_folder_that_cannot_be_made_says_why_in_japanese(tmp_path, monkeypatch, capsys):
    import tilelens.labelling.audit as audit
    from test_label_teach import make_dataset
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(audit, "audit_dataset", lambda *a, **k: pytest.fail("audited before the folder was made"))
    root = make_dataset(tmp_path / "ds", {"a": ["1m", "1p"]})
    (tmp_path / "afile").write_text("not a folder")
    out = tmp_path / "afile" / "pictures"  # under a file: "Not a directory"
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert main(["label", "audit", str(root), "--game", "tokyo-mahjong", "--pictures", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out} に画像を書けません: フォルダではありません" in err, err
    assert "Not a directory" not in err
    monkeypatch.setenv("TILELENS_LANG", "en")
    assert main(["label", "audit", str(root), "--game", "tokyo-mahjong", "--pictures", str(out)]) == 2
    assert f"cannot write pictures to {out}: Not a directory" in capsys.readouterr().err


# ---- a dataset folder given a new id ------------------------------------------------------------------------------------
def test_the_new_id_note_says_from_now_on(tmp_path):
    from tilelens.labelling import teach

    root = tmp_path / "copy"
    root.mkdir()
    teach._note_copy(root, root, tmp_path / "original")
    note = json.loads((root / teach.ID_NOTE).read_text(encoding="utf-8"))
    assert note["en"].endswith("(its own tile sets are those taught from it from now on)"), note["en"]

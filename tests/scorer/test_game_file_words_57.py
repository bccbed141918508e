"""A game file's problems as walkthrough W3 found them said: a string left open on its line is said as its closing
quote missing, with the line (not as an illegal character '\\n'); a choice of values as a Japanese list (「donjara か
riichi」, not "donjara, riichi"); 「のことですか?」 half-width, as the command line asks everywhere
(tests/scorer/test_japanese_terms_cli_52.py); and an added game file whose id is a
shipped game's told to choose another id, not to take the file's name from the id it would be refused for."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer import catalog
from scorer.catalog import load_game
from scorer.result import GameFileError, choice_ja, game_file_ja
from tilelens.cli import main

NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"


def refused(path: Path) -> GameFileError:
    with pytest.raises(GameFileError) as exc:
        load_game(path)
    return exc.value


@pytest.mark.parametrize("text, quote, line", [('id = "x"\nname_ja = "x\n', '"', 2),
                                               ("id = 'x\nname_ja = 'y'\n", "'", 1),
                                               ('id = "x"\n\n[table]\nunit = "点\nlaps = 1\n', '"', 4)])
def test_a_string_left_open_is_said_as_its_closing_quote_missing(tmp_path, text, quote, line):
    path = tmp_path / "open.toml"
    path.write_text(text, encoding="utf-8")
    exc = refused(path)
    assert f"the closing {quote} of a string is missing" in str(exc) and f"(at line {line}, column" in str(exc), exc
    assert "Illegal character" not in str(exc) and "invalid character" not in str(exc)
    assert f"TOML の書き方が正しくありません ({line}行目" in exc.message_ja, exc.message_ja
    assert f"文字列を閉じる {quote} がありません" in exc.message_ja and "使えない文字" not in exc.message_ja


def test_a_literal_string_open_to_the_end_is_said_as_its_closing_quote_missing(tmp_path):
    path = tmp_path / "open.toml"
    path.write_text("id = 'x\n", encoding="utf-8")
    exc = refused(path)
    assert "the closing ' of a string is missing" in str(exc) and "(at end of document)" in str(exc), exc
    assert "(ファイルの終わり): 文字列を閉じる ' がありません" in exc.message_ja, exc.message_ja


def test_an_illegal_character_elsewhere_is_said_as_before(tmp_path):
    path = tmp_path / "bell.toml"
    path.write_text('id = "x\x07"\n', encoding="utf-8")
    exc = refused(path)
    assert "a character that cannot be used here: '\\x07'" in str(exc) and "使えない文字 '\\x07' があります" in exc.message_ja


def test_a_choice_of_values_is_a_japanese_list(tmp_path):
    path = tmp_path / "poker.toml"
    path.write_text(NOGIZAKA.read_text(encoding="utf-8").replace('engine = "donjara"', 'engine = "poker"'),
                    encoding="utf-8")
    exc = refused(path)
    assert "engine: donjara か riichi にしてください (いま 'poker')" in exc.message_ja, exc.message_ja
    assert choice_ja(["a", "b", "c"]) == "a・b・c のどれか"
    assert game_file_ja("f.toml: field x: must be among a, b, c (got 'd')") == \
        "f.toml: 項目 x: a・b・c のどれかにしてください (いま 'd')"
    assert game_file_ja("f.toml: field x: unknown key (known: y, z)") == "f.toml: 項目 x: 不明なキーです (使えるのは y、z)"


def test_did_you_mean_asks_with_the_command_lines_question_mark(tmp_path):
    assert game_file_ja("f.toml: field x: unknown key (did you mean y?)") == "f.toml: 項目 x: 不明なキーです (y のことですか?)"
    path = tmp_path / "point.toml"
    path.write_text(NOGIZAKA.read_text(encoding="utf-8").replace("points = 60\n", "point = 60\n", 1), encoding="utf-8")
    exc = refused(path)
    assert "「points」のことですか?" in exc.message_ja and "？" not in exc.message_ja, exc.message_ja


@pytest.fixture
def added(tmp_path, monkeypatch):
    """The folder of games added in the app, of a home of the test's own."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "games" / "_added"
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_added_file_saying_a_shipped_id_is_told_to_choose_another(added, cli_env, capsys, lang):
    (added / "Upper.toml").write_text(NOGIZAKA.read_text(encoding="utf-8"), encoding="utf-8")  # id = "nogizaka"
    cli_env(TILELENS_LANG=lang)
    assert main(["games"]) == 0
    line = next(line for line in capsys.readouterr().err.splitlines() if "Upper.toml" in line)
    assert " nogizaka.toml" not in line, line  # named after the id it is refused for
    assert "club-nogizaka.toml" in line and ("'club-nogizaka'" if lang == "en" else "「club-nogizaka」") in line, line
    assert ("choose another id" in line) if lang == "en" else ("別の id にして、ファイル名も同じに" in line), line


def test_an_added_file_whose_id_is_shipped_is_not_told_to_take_that_name(added, cli_env, capsys):
    (added / "mine.toml").write_text(NOGIZAKA.read_text(encoding="utf-8"), encoding="utf-8")
    cli_env(TILELENS_LANG="en")
    assert main(["games"]) == 0
    line = next(line for line in capsys.readouterr().err.splitlines() if "mine.toml" in line)
    assert "make the id 'mine'" in line and "nogizaka.toml" not in line, line


def test_an_added_file_named_near_a_shipped_id_is_told_another(added, cli_env, capsys):
    body = NOGIZAKA.read_text(encoding="utf-8").replace('id = "nogizaka"', 'id = "Nogizaka"')
    (added / "Nogizaka.toml").write_text(body, encoding="utf-8")
    cli_env(TILELENS_LANG="en")
    assert main(["games"]) == 0
    line = next(line for line in capsys.readouterr().err.splitlines() if "Nogizaka.toml" in line)
    assert " nogizaka.toml" not in line and "club-nogizaka.toml" in line, line

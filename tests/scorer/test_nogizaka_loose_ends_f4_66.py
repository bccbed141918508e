"""Session 66 (F4), loose ends of a Nogizaka night in English: ``--favourite`` in a game with no favourite rule said
by the game's name and its own word for the tile people (member, yokai); "God Almighty" typed as a player writes it
read as that tile; `tilelens games GAME` and `tilelens waits` in English by the tiles' English names."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scorer import catalog, load_game
from scorer.catalog import tile_people
from scorer.engine import no_favourite_rule

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vision"))  # the command line tests' ``run``
from cli_helpers import run  # noqa: E402

HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
SHORT = ["minami"] * 3 + ["himetan"] * 3 + ["misa-senpai"] * 2  # one tile short


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [])
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "home"


# --- 2: no favourite rule, said by the game's name and its word for the tile people ---------------------------------

@pytest.mark.parametrize("game, en, ja", [("nogizaka", "member", "メンバー"), ("yokai-watch", "yokai", "妖怪"),
                                          ("cinderella-neo", "idol", "アイドル")])
def test_each_game_has_its_word_for_the_tile_people(game, en, ja):
    assert tile_people(load_game(game)) == (en, ja)


def test_the_favourite_refused_in_nogizaka_names_the_game_and_its_members():
    en, ja = no_favourite_rule(load_game("nogizaka"))
    assert en == "Nogizaka Donjara has no favourite-member rule", en
    assert ja == "「乃木坂ドンジャラ」には担当メンバーのルールがありません", ja


@pytest.mark.parametrize("lang, said, unsaid", [
    ("en", "Nogizaka Donjara has no favourite-member rule", "idol"),
    ("ja", "「乃木坂ドンジャラ」には担当メンバーのルールがありません", "アイドル")])
def test_score_favourite_in_nogizaka_says_member(home, cli_env, capsys, lang, said, unsaid):
    cli_env(TILELENS_LANG=lang)
    code, out, err = run(capsys, "score", "--game", "nogizaka", "--favourite", "minami", *HAND)
    assert code == 2 and said in err and unsaid not in err, err


# --- 3: a multi-word English name as a player types it ----------------------------------------------------------------

@pytest.mark.parametrize("typed, tile", [("God Almighty", "almighty-god"), ("god almighty", "almighty-god"),
                                         ("Pink Almighty", "almighty-pink"), ("Almighty Pink", "almighty-pink"),
                                         ("Light blue Almighty", "almighty-lightblue"),
                                         ("God Almighty (purple)", "almighty-god")])
def test_an_english_name_without_its_aside_names_the_tile(typed, tile):
    assert load_game("nogizaka").tile(typed).id == tile


def test_almighty_alone_still_names_no_one_tile():
    with pytest.raises(catalog.UnknownTileError, match="did you mean: almighty-god"):
        load_game("nogizaka").tile("Almighty")


def test_score_reads_god_almighty_typed_in_quotes(home, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, err = run(capsys, "score", "--game", "nogizaka", *SHORT, "God Almighty")
    assert "unknown tile" not in err, err
    assert code in (0, 1), (code, err)
    code, out, err = run(capsys, "score", "--game", "nogizaka", *(["minami himetan"] * 3), "misa-senpai misa-senpai",
                         "God Almighty")  # space-separated hands still split
    assert "unknown tile" not in err, err


def test_god_almighty_typed_without_quotes_is_read_too_and_god_alone_is_offered_it(home, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, err = run(capsys, "score", "--game", "nogizaka", *SHORT, "God", "Almighty")
    assert "unknown tile" not in err and code in (0, 1), (code, err)
    code, _, err = run(capsys, "score", "--game", "nogizaka", *SHORT, "God")
    assert code == 2 and "unknown tile 'God'" in err and "did you mean: almighty-god" in err, err


# --- 5: the English command line by the tiles' English names ----------------------------------------------------------

def test_games_lists_the_english_names_in_english(home, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "games", "nogizaka")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("minami "))
    assert "Minami" in line and "みなみ" not in line, line
    god = next(line for line in out.splitlines() if line.startswith("almighty-god "))
    assert "God Almighty (purple)" in god and "神" not in god, god
    cli_env(TILELENS_LANG="ja")
    _, out, _ = run(capsys, "games", "nogizaka")
    line = next(line for line in out.splitlines() if line.startswith("minami "))
    assert "みなみ" in line and "Minami" not in line, line


def test_waits_lists_the_english_names_in_english(home, cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", *SHORT)
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("misa-senpai "))
    assert "Misa-senpai" in line and "みさ先輩" not in line, line
    cli_env(TILELENS_LANG="ja")
    _, out, _ = run(capsys, "waits", "--game", "nogizaka", *SHORT)
    line = next(line for line in out.splitlines() if line.startswith("misa-senpai "))
    assert "みさ先輩" in line, line

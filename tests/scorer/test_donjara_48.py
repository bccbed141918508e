"""Donjara command-line leftovers: options that mean nothing for the game are said so (in English and Japanese),
the "no yaku" reason reads without nested brackets, a Nogizaka hand whose only waits are Almighty tiles says that
no legal wait is left, and the Japanese text keeps no English."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorer.catalog import GAMES_DIR
from scorer.engine import score
from tilelens.cli import main

# two sets of one member each + two of a third: the basic win waits on the third
NOGI_HAND = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2
NOGI_WIN = NOGI_HAND + ["kotoko"]
NOGI_NO_YAKU = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "ashu", "minami"]
YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3
YOKAI_NO_YAKU = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-04", "yokai-05"]
# new generations (渋谷凛 島村卯月 本田未央) + a Cute Vo status set + a Passion Vi status set: a normal live unit
CINDERELLA_WIN = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "mizumoto-yukari", "mimura-kanako",
                  "igarashi-kyouko", "takamori-aiko", "ootsuki-yui", "himekawa-yuki"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- options that mean nothing for the game ------------------------------------------------------------------

MEANINGLESS = [
    ("nogizaka", ["--no-favourite-doubling"], NOGI_WIN, "--no-favourite-doubling"),
    ("yokai-watch", ["--no-favourite-doubling"], YOKAI_WIN, "--no-favourite-doubling"),
    ("nogizaka", ["--local"], NOGI_WIN, "--local"),
    ("yokai-watch", ["--local", "all"], YOKAI_WIN, "--local"),
    ("yokai-watch", ["--own-discard", "--win", "ron"], YOKAI_WIN, "--own-discard"),
    ("cinderella-neo", ["--own-discard", "--win", "ron"], CINDERELLA_WIN, "--own-discard"),
]


@pytest.mark.parametrize("game,options,tiles,option", MEANINGLESS)
def test_an_option_that_means_nothing_for_the_game_is_said(cli_env, capsys, game, options, tiles, option):
    """Kept (a script scoring every game with the table's switches still gets its hands scored), but said: a
    line naming the option and the game, and ``extra["unused_options"]`` in JSON."""
    cli_env(TILELENS_LANG="en")
    code, out, err = run(capsys, "score", "--game", game, "--riichi", *tiles, *options)
    assert code == 0 and err == ""
    line = out.splitlines()[-1]
    assert option in line and game in line and "changes nothing" in line
    code, out, _ = run(capsys, "score", "--game", game, "--riichi", "--json", *tiles, *options)
    unused = json.loads(out)["extra"]["unused_options"]
    assert [u["option"] for u in unused] == [option] and game in unused[0]["why"] and unused[0]["why_ja"]


@pytest.mark.parametrize("game,options,tiles,option", MEANINGLESS)
def test_the_unused_option_is_said_in_japanese(cli_env, capsys, game, options, tiles, option):
    cli_env(TILELENS_LANG="ja")
    code, out, err = run(capsys, "score", "--game", game, "--riichi", *tiles, *options)
    assert code == 0 and err == ""
    line = out.splitlines()[-1]
    assert option in line and "「" in line and "ありません" in line and "changes nothing" not in line


def test_waits_says_local_means_nothing_for_a_game_without_local_yaku(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, err = run(capsys, "waits", "--game", "nogizaka", "--local", "--", *NOGI_HAND)
    assert code == 0 and "--local changes nothing: nogizaka has no local yaku" in out
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", "--json", "--local", "--", *NOGI_HAND)
    assert [u["option"] for u in json.loads(out)["unused_options"]] == ["--local"]


def test_options_that_mean_something_are_still_accepted(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    ok = [("cinderella-neo", ["--no-favourite-doubling", "--favourite", "shibuya-rin"], CINDERELLA_WIN),
          ("cinderella-neo", ["--local"], CINDERELLA_WIN),
          ("nogizaka", ["--own-discard", "--win", "ron"], NOGI_WIN),
          ("yokai-watch", ["--declared", "--winning-tile", "yokai-03"], YOKAI_WIN)]
    for game, options, tiles in ok:
        code, out, err = run(capsys, "score", "--game", game, "--riichi", *tiles, *options)
        assert code == 0 and err == "" and "changes nothing" not in out, (game, options, out, err)
        code, out, _ = run(capsys, "score", "--game", game, "--riichi", "--json", *tiles, *options)
        assert "unused_options" not in json.loads(out)["extra"]
    code, out, _ = run(capsys, "waits", "--game", "cinderella-neo", "--local", "--", *CINDERELLA_WIN[:8])
    assert code == 0


def test_declared_where_a_false_win_is_no_chombo_is_said(cli_env, capsys):
    """``--declared`` is kept for every game (a script passes it for every declared hand), but where the game has
    no chombo for a false win, a non-win says so rather than dropping the option silently."""
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "yokai-watch", "--riichi", "--declared", *YOKAI_NO_YAKU)
    assert code == 0 and "not a win" in out and "no chombo" in out
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "yokai-watch", "--riichi", "--declared", *YOKAI_NO_YAKU)
    assert code == 0 and "チョンボになりません" in out
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "score", "--game", "yokai-watch", "--riichi", *YOKAI_NO_YAKU)
    assert "chombo" not in out  # not said when --declared is not given


# --- the "no yaku" reason ------------------------------------------------------------------------------------

def _nested(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += ch in "(（"
        if depth > 1:
            return True
        depth -= ch in ")）"
    return False


@pytest.mark.parametrize("game,tiles", [
    ("nogizaka", ["rarin"] * 3 + ["marika", "minami", "kotoko", "ashu", "miona", "himetan"]),
    ("yokai-watch", ["yokai-01"] * 3 + [f"yokai-0{n}" for n in range(2, 8)])])
def test_no_yaku_reason_has_no_nested_brackets(game, tiles):  # three tiles off: two off names the swaps instead
    r = score(game, tiles, riichi=True)
    assert not r.winning and r.reason.startswith("no yaku")
    assert not _nested(r.reason) and not _nested(r.reason_ja)
    assert "基本セット" not in r.reason and "Basic set" in r.reason and "基本セット" in r.reason_ja
    assert "three sets of one" in r.reason  # what the simplest yaku needs is still said


def test_no_yaku_reason_of_a_cinderella_hand_reads_clearly():
    hand = ["nakano-yuka", "kurosaki-chitose", "hino-akane", "moroboshi-kirari", "kamiya-nao", "takafuji-kako",
            "yorita-yoshino", "hayami-kanade", "morikubo-nono"]  # three tiles off: two off names the swaps instead
    r = score("cinderella-neo", hand, riichi=True, local_yaku=True)
    assert not r.winning and "Rehearsal Live Set" in r.reason and "SP Live Set" not in r.reason
    assert not _nested(r.reason) and not _nested(r.reason_ja)


# --- a Nogizaka hand whose only waits are Almighty tiles ------------------------------------------------------

@pytest.fixture
def five_misa(tmp_path: Path) -> str:
    """A house Nogizaka file whose first member (みさ先輩) has 5 copies: with all 5 in the hand, only an
    Almighty completes the second set."""
    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8").replace("copies = 6", "copies = 5", 1)
    path = tmp_path / "nogi-house.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


ONLY_ALMIGHTY = ["misa-senpai"] * 5 + ["miona"] * 3


def test_only_almighty_waits_say_no_legal_wait_is_left(cli_env, capsys, five_misa):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "waits", "--game", five_misa, *ONLY_ALMIGHTY)
    assert code == 0 and "almighty-pink" in out and "chombo" in out
    assert "no legal wait" in out
    code, out, _ = run(capsys, "waits", "--game", five_misa, "--json", *ONLY_ALMIGHTY)
    doc = json.loads(out)
    assert doc["all_waits_chombo"] is True and doc["waits"] and doc["tiles_from_win"] == 1
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "waits", "--game", five_misa, *ONLY_ALMIGHTY)
    assert "上がれる待ちはありません" in out and "legal" not in out


def test_a_legal_wait_left_is_not_said_as_none(cli_env, capsys):
    cli_env(TILELENS_LANG="en")
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", *NOGI_HAND)
    assert code == 0 and "no legal wait" not in out
    code, out, _ = run(capsys, "waits", "--game", "nogizaka", "--json", *NOGI_HAND)
    assert json.loads(out)["all_waits_chombo"] is False


# --- Japanese text: the counter of a refused win's worth, one bracket ---------------------------------------

def test_cinderella_worth_without_riichi_keeps_its_man(cli_env, capsys):
    """Cinderella Girls' points are 万 (x10,000 fans): "リーチすれば12の手" read as 12, not 12万."""
    r = score("cinderella-neo", CINDERELLA_WIN)
    assert not r.winning and "(リーチすれば12万の手)" in r.reason_ja
    cli_env(TILELENS_LANG="ja")
    code, out, _ = run(capsys, "score", "--game", "cinderella-neo", *CINDERELLA_WIN)
    assert code == 0 and "12万の手" in out


@pytest.mark.parametrize("game,tiles", [("nogizaka", NOGI_WIN), ("yokai-watch", YOKAI_WIN)])
def test_riichi_needed_reason_has_one_bracket_in_japanese(game, tiles):
    r = score(game, tiles, dealt_tenpai=game == "nogizaka")
    assert not r.winning and "リーチ" in r.reason_ja and "配牌でテンパイの手" in r.reason_ja
    assert r.reason_ja.count("(") == 1, r.reason_ja

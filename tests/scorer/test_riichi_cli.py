"""``tilelens score`` / ``tilelens waits`` for Tokyo Mahjong: text, ``--json`` shape, one-line errors."""
from __future__ import annotations

import importlib.util
import json
import re

import pytest

from scorer.result import TilelensInputError
from scorer.riichi_cli import score_main, waits_main

G = ["--game", "tokyo-mahjong"]


def _json(main, argv, capsys):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_score_json_has_the_issue_fields(capsys) -> None:
    d = _json(score_main, G + ["234m067p234s22255z", "--win-tile", "2s", "--win", "tsumo", "--riichi",
                               "--dora-indicators", "4p", "--honba", "2", "--riichi-sticks", "1"], capsys)
    assert d["winning"] is True and d["reason"] is None
    assert [(y["name"], y["han"]) for y in d["yaku"]] == [("門前清自摸和", 1), ("立直", 1), ("自風 南", 1)]
    assert (d["han"], d["fu"], d["limit"], d["points"]) == (5, 40, "mangan", 8600)
    assert [p["amount"] for p in d["payments"]] == [4200, 2200, 2200]
    assert d["pot"] == 1000 and d["total_received"] == 9600
    assert d["dora"] == {"dora": 1, "aka_dora": 1, "ura_dora": 0}
    assert d["fu_details"][0] == {"fu": 20, "reason": "base", "label": "base", "label_ja": "副底"}


def test_score_melds_seat_round_and_hand_after_melds(capsys) -> None:
    d = _json(score_main, G + ["123m456p78s11z", "--melds", "pon:555z", "9s", "--win-tile", "9s", "--seat",
                               "east", "--round", "south"], capsys)
    assert d["winning"] and d["dealer"] and d["round_wind"] == "south"
    assert d["points"] == 1500  # dealer ron, 1 han 30 fu


def test_score_furiten_text(capsys) -> None:
    assert score_main(G + ["123m456p789s34s55p", "2s", "--win-tile", "2s", "--discards", "5s"]) == 0
    out = capsys.readouterr().out
    assert "not a win: furiten" in out and "平和" in out


def test_score_text_lists_payments(capsys) -> None:
    assert score_main(G + ["123m456p789s234s55p", "--win-tile", "2s", "--win", "tsumo", "--seat", "south"]) == 0
    out = capsys.readouterr().out
    assert "east (dealer) pays 700" in out and "north pays 400" in out and "2 han 20 fu" in out


def test_waits_json_and_text(capsys) -> None:
    d = _json(waits_main, G + ["2345678m123p567s"], capsys)
    assert d["tiles_from_win"] == 1 and [w["tile"] for w in d["waits"]] == ["2m", "5m", "8m"]
    assert all(w["has_yaku_ron"] is False for w in d["waits"])
    assert waits_main(G + ["2345678m123p567s"]) == 0
    assert "[no yaku on ron: tsumo only]" in capsys.readouterr().out


@pytest.mark.parametrize("argv,fragment", [
    (["123m456p789s11z5555z"], "a hand has 14 tiles here (15 now; a kan counts 3)"),
    (["123m456p789s11z555z", "--win-tile", "2z"], "winning tile 2z is not in the hand"),
    (["123m456p789s55z", "--melds", "pon:123z"], "a pon is three identical tiles"),
    (["--melds", "pon:555z"], "no hand given"),
    (["--dora", "1m", "234m456p789s11z555z"], "--dora-indicators took 1m 234m456p789s11z555z: a list takes"),
    (["234m456p789s11z555z", "--riichi", "--riichi-sticks", "0"], "a riichi winner's own stick is on the table"),
], ids=["wrong-count", "win-tile-not-in-hand", "meld-not-a-meld", "no-hand", "hand-taken-by-dora",
        "riichi-without-its-stick"])
def test_bad_input_raises_one_line(argv, fragment) -> None:
    with pytest.raises(TilelensInputError, match=re.escape(fragment)):
        score_main(G + argv)


@pytest.mark.skipif(importlib.util.find_spec("scorer.cli") is None, reason="scorer.cli not there yet")
def test_router_reaches_riichi_and_exits_2_on_bad_input(capsys) -> None:
    from tilelens.cli import main

    assert main(["score"] + G + ["123m456p789s234s55p", "--win-tile", "2s", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 1000
    assert main(["score"] + G + ["123m456p789s234s5p"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "14 tiles here (13 now" in err


def test_bad_option_value_is_one_line_not_a_usage_dump() -> None:
    with pytest.raises(TilelensInputError, match="argument --honba: invalid int value"):
        score_main(G + ["123m456p789s234s55p", "--honba", "x"])


@pytest.mark.parametrize("hand", ["２３４ｍ４５６ｐ７８９ｓ１１ｚ５５５ｚ", "234M456P789S11Z555Z", "234ｍ456p789s11z555z"])
def test_a_hand_typed_full_width_or_in_capitals_is_read(hand, capsys) -> None:
    """A Japanese keyboard types full-width digits; they were "unknown tile" (Donjara names were read)."""
    d = _json(score_main, G + [hand, "--seat", "ＷＥＳＴ"], capsys)
    assert d["winning"] and d["points"] == 1300 and d["seat"] == "west"


def test_a_riichi_winner_takes_back_its_own_stick(capsys) -> None:
    """``--riichi`` with no sticks said: the winner's own stick is on the table (Donjara counts its chip)."""
    plain = _json(score_main, G + ["234m456p789s11z555z"], capsys)
    riichi = _json(score_main, G + ["234m456p789s11z555z", "--riichi"], capsys)
    assert (plain["pot"], riichi["pot"], riichi["total_received"]) == (0, 1000, riichi["points"] + 1000)
    assert _json(score_main, G + ["234m456p789s11z555z", "--riichi", "--riichi-sticks", "3"], capsys)["pot"] == 3000


def test_open_riichi_is_a_riichi(capsys) -> None:
    """``--open-riichi`` alone was dropped without a word (``--double-riichi`` alone counted)."""
    d = _json(score_main, G + ["234m456p789s11z555z", "--open-riichi"], capsys)
    assert "Open Riichi" in [y["name_en"] for y in d["yaku"]] and d["pot"] == 1000


def test_output_cut_short_by_its_reader_is_no_traceback() -> None:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "tilelens.cli", "games", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # as `| head -c 1` does once it has what it wants
    err = proc.stderr.read().decode()
    assert proc.wait() == 141 and "Traceback" not in err and "BrokenPipeError" not in err


def test_honours_as_letters_and_words_on_the_command_line(capsys) -> None:
    """``E S W N P F C`` and ``east`` .. ``chun`` were 'unexpected character' / 'unknown tile'."""
    by_z = _json(score_main, G + ["234m456p789s11z", "--melds", "pon:555z", "--win-tile", "1z", "--dora", "4z",
                                  "--seat", "east"], capsys)
    by_letter = _json(score_main, G + ["234m456p789s", "E", "E", "--melds", "pon:PPP", "--win-tile", "east",
                                       "--dora", "N", "--seat", "east"], capsys)
    assert by_letter["winning"] and by_letter["points"] == by_z["points"] and by_letter["dora"]["dora"] == 2
    assert _json(score_main, G + ["234m456p789sEE555z"], capsys)["points"] == \
        _json(score_main, G + ["234m456p789s11555z"], capsys)["points"]


@pytest.mark.parametrize("argv,fragment", [
    (["234m456p789s11z555z", "--dora", "8z"], "honours are 1z-7z: 1z east (E), 2z south (S), 3z west (W)"),
    (["234m456p789s11z555z", "--riichi-sticks", "-1"], "--riichi-sticks: must be a whole number 0 or more (got -1)"),
    (["234m456p789s11z555z", "--honba", "-2"], "--honba: must be a whole number 0 or more (got -2)"),
    (["234m456p789s11z55pp"], "'p' straight after a suit letter is ambiguous"),
], ids=["honour-8z-in-dora", "negative-riichi-sticks", "negative-honba", "ambiguous-pp"])
def test_bad_honours_and_counters_say_how_to_write_them(argv, fragment) -> None:
    with pytest.raises(TilelensInputError, match=re.escape(fragment)) as info:
        score_main(G + argv)
    assert "riichi_sticks" not in str(info.value)


def test_japanese_honours_and_mjai_red_fives_on_the_command_line(capsys) -> None:
    """``東東東`` written together was "unknown tile '東東東'" and ``5pr`` "unexpected character 'r'"."""
    plain = _json(score_main, G + ["123m456p789s11122z"], capsys)
    assert _json(score_main, G + ["123m456p789s", "東東東", "南南"], capsys)["points"] == plain["points"]
    by_z = _json(score_main, G + ["123m456p11122z", "--melds", "pon:777z", "--dora", "4z"], capsys)
    for hand in (["123m456p", "東東東", "南南"], ["123m456p東東東南南"], ["一二三萬四五六筒東東東南南"]):
        by_ja = _json(score_main, G + hand + ["--melds", "pon:中中中", "--win-tile", "南", "--dora", "北"], capsys)
        assert by_ja["winning"] and (by_ja["points"], by_ja["dora"]) == (by_z["points"], by_z["dora"]), hand
    red = _json(score_main, G + ["234m5pr67p234s22255z", "--win-tile", "5pr", "--dora", "4p"], capsys)
    assert red["dora"] == {"dora": 1, "aka_dora": 1, "ura_dora": 0}
    with pytest.raises(TilelensInputError, match="write red fives as 0m 0p 0s"):
        score_main(G + ["234m55pr6p234s22255z"])


@pytest.mark.parametrize("argv", [["234m456p789s11z55z", "5m", "red"], ["234m456p789s11z555z", "--dora", "5m", "red"]],
                         ids=["hand", "dora"])
def test_five_m_red_on_the_command_line_is_refused_as_ambiguous(argv) -> None:
    """``5m red`` was 5m and the red dragon; a player typing it likely means the red five."""
    with pytest.raises(TilelensInputError, match=re.escape("'red' beside 5m is ambiguous: write the red five as 0m "
                                                           "(or 5mr), the red dragon as 7z (or chun)")):
        score_main(G + argv)


def test_the_api_and_the_command_line_count_the_same_riichi_pot(capsys) -> None:
    """``scorer.score(..., riichi=True)`` counted no stick on the table, ``--riichi`` the winner's own."""
    import scorer

    for flag in ("riichi", "double_riichi", "open_riichi", None):
        argv = G + ["234m456p789s11z555z"] + ([f"--{flag.replace('_', '-')}"] if flag else [])
        by_cli = _json(score_main, argv, capsys)
        by_api = scorer.score("tokyo-mahjong", "234m456p789s11z555z", **({flag: True} if flag else {}))
        assert (by_api.pot, by_api.extra["total_received"]) == (by_cli["pot"], by_cli["total_received"])
        assert by_api.pot == (1000 if flag else 0)


@pytest.mark.parametrize("command", ["score", "waits"])
def test_an_unknown_option_points_to_the_help_that_lists_the_riichi_options(command, capsys) -> None:
    """A Donjara game's unknown option ends "(see tilelens score --help)"; a riichi game's gave no hint at all.
    The riichi options are listed by the help asked with the game, so the hint names it."""
    from tilelens.cli import main

    assert main([command] + G + ["123m456p789s1122z", "--bogus"]) == 2
    err = capsys.readouterr().err
    hint = f"(see tilelens {command} --game tokyo-mahjong --help)"
    assert err.count("\n") == 1 and "unrecognized arguments: --bogus" in err and err.rstrip().endswith(hint)
    with pytest.raises(SystemExit) as shown:
        main(hint[5:-1].split()[1:])
    assert shown.value.code == 0 and "--melds" in capsys.readouterr().out


@pytest.mark.parametrize("command,argv", [
    (score_main, ["234m456p789s11z555z", "--ura-dora", "3p"]),
    (score_main, ["234m456p789s11z555z", "--ura", "3p", "4p", "--win", "tsumo"]),
    (waits_main, ["234m456p789s11z55z", "--ura-dora-indicators", "3p"]),
], ids=["score", "score-two", "waits"])
def test_ura_dora_without_riichi_is_refused_on_the_command_line(command, argv) -> None:
    """``--ura-dora 3p`` with no --riichi, --double-riichi or --open-riichi was scored as ura 0, said nowhere."""
    with pytest.raises(TilelensInputError) as info:
        command(G + argv)
    message = str(info.value)
    assert message.startswith("ura-dora indicators count only with riichi: --ura-dora-indicators ")
    assert "given without --riichi, --double-riichi or --open-riichi" in message and "\n" not in message


def test_ura_dora_with_any_riichi_counts_on_the_command_line(capsys) -> None:
    for flag in ("--riichi", "--double-riichi", "--open-riichi"):
        d = _json(score_main, G + ["123m456p789s234s55p", "--win-tile", "3s", "--ura", "4p", flag], capsys)
        assert d["dora"]["ura_dora"] == 3, flag

"""Scorer parity of session 48: `tilelens waits` (riichi) takes the situation options `tilelens score` takes,
riichi and double riichi together refused on the command line, renhou dropped beside a yakuman said, and what a
hunt through unusual but legal Donjara hands found."""
from __future__ import annotations

import json

import pytest

from scorer import load_game
from scorer.riichi import score
from scorer.riichi_cli import _parser, format_result, score_json, score_main, waits_main
from scorer.riichi_tiles import RiichiInputError

GAME = load_game("tokyo-mahjong")
G = ["--game", "tokyo-mahjong"]
TANKI_EAST = "123m456p789s1z555z"  # a single wait on 1z
SUUANKOU_TANKI = "111m999m111p999p11z"  # a yakuman (double: tanki) won on 1z


def _waits_json(argv, capsys):
    assert waits_main(G + argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _yaku(result: dict) -> list[str]:
    return [y["name_en"] for y in result["yaku"]]


# --- 1. `tilelens waits` takes the situation options of `tilelens score` --------------------------------------

def test_waits_on_the_last_tile_under_riichi_and_ippatsu(capsys) -> None:
    # "what would each wait be worth under riichi + ippatsu on the last tile": refused as unknown options before
    [w] = _waits_json([TANKI_EAST, "--riichi", "--ippatsu", "--haitei", "--houtei"], capsys)["waits"]
    tsumo, ron = _yaku(w["tsumo"]), _yaku(w["ron"])
    assert any(y.startswith("Haitei") for y in tsumo) and not any(y.startswith("Haitei") for y in ron)
    assert any(y.startswith("Houtei") for y in ron) and not any(y.startswith("Houtei") for y in tsumo)
    assert "Ippatsu" in tsumo and "Ippatsu" in ron


def test_waits_on_the_first_turn_and_on_a_kan(capsys) -> None:
    [w] = _waits_json([TANKI_EAST, "--chiihou"], capsys)["waits"]
    assert any(y.startswith("Chiihou") for y in _yaku(w["tsumo"])) and w["tsumo"]["limit"] == "yakuman"
    [w] = _waits_json([TANKI_EAST, "--renhou"], capsys)["waits"]
    assert any(y.startswith("Renhou") for y in _yaku(w["ron"]))
    [w] = _waits_json(["123m456p789s5z", "--melds", "ankan:1111z", "--rinshan"], capsys)["waits"]
    assert any(y.startswith("Rinshan") for y in _yaku(w["tsumo"]))
    # chankan on the ron: robbing the fourth 4p of a kan (the hand waits on 1p-4p)
    found = _waits_json(["123m23p789s11z555z", "--chankan"], capsys)["waits"]
    on_4p = next(w for w in found if w["tile"] == "4p")
    assert any(y.startswith("Chankan") for y in _yaku(on_4p["ron"]))


def test_waits_and_score_share_the_situation_options() -> None:
    def flags(parser):
        return {s for a in parser._actions for s in a.option_strings if a.nargs == 0 and s != "-h" and s != "--help"}

    score_flags = flags(_parser("tilelens score", scoring=True))
    assert score_flags == flags(_parser("tilelens waits", scoring=False))
    assert {"--haitei", "--houtei", "--rinshan", "--chankan", "--tenhou", "--chiihou", "--renhou",
            "--double-riichi", "--ippatsu"} <= score_flags


def test_waits_help_lists_the_situation_options(capsys) -> None:
    with pytest.raises(SystemExit):
        waits_main(G + ["--help"])
    out = capsys.readouterr().out
    for flag in ("--haitei", "--houtei", "--rinshan", "--chankan", "--tenhou", "--chiihou", "--renhou"):
        assert flag in out


@pytest.mark.parametrize("extra, named", [(["--win-tile", "1z"], "--win-tile"), (["--win", "ron"], "--win"),
                                          (["--discarder", "west"], "--discarder")])
def test_waits_refuses_what_only_a_win_has_with_a_message(extra, named) -> None:
    with pytest.raises(RiichiInputError) as refused:
        waits_main(G + [TANKI_EAST, *extra])
    text = str(refused.value)
    assert text.startswith(named) and "tilelens score" in text and "unrecognized" not in text
    assert refused.value.message_ja  # said in Japanese too


# --- 2. riichi and double riichi together -----------------------------------------------------------------

@pytest.mark.parametrize("main, hand", [(score_main, ["234m456p789s11z555z", "--win-tile", "4m"]),
                                        (waits_main, [TANKI_EAST])])
def test_riichi_and_double_riichi_together_are_refused(main, hand) -> None:
    # was scored as double riichi, as though the slip meant it
    with pytest.raises(RiichiInputError) as refused:
        main(G + hand + ["--riichi", "--double-riichi"])
    assert "--riichi" in str(refused.value) and "--double-riichi" in str(refused.value)
    assert "ダブルリーチ" in refused.value.message_ja


def test_the_api_takes_double_riichi_with_riichi_as_the_app_sends_it() -> None:
    # the app's double-riichi box is offered under its riichi box, so score() gets both: double riichi, 2 han
    both = score(GAME, "234m456p789s11z555z", win_tile="4m", riichi=True, double_riichi=True)
    assert "Double Riichi" in " ".join(y.name_en for y in both.yaku)
    assert both.extra["han"] == score(GAME, "234m456p789s11z555z", win_tile="4m", double_riichi=True).extra["han"]


# --- 3. renhou beside a yakuman ---------------------------------------------------------------------------

def test_renhou_dropped_beside_a_yakuman_is_said() -> None:
    result = score(GAME, SUUANKOU_TANKI, win_tile="1z", renhou=True)
    assert result.winning and not any("Renhou" in y.name_en for y in result.yaku)
    [note] = result.extra["notes"]
    assert note["id"] == "renhou_beside_yakuman" and "renhou" in note["text"] and "人和" in note["text_ja"]
    assert note["text"] in format_result(result, GAME, "en")
    assert note["text_ja"] in format_result(result, GAME, "ja")
    doc = score_json(result)
    assert doc["extra"]["notes"] == [note] and doc["notes"] == [note]  # added; han, limit ... as before
    assert doc["limit"] == "double yakuman"


def test_renhou_counted_has_no_note_and_a_plain_win_has_an_empty_list() -> None:
    counted = score(GAME, "234m456p789s11z555z", win_tile="4m", renhou=True)
    assert any("Renhou" in y.name_en for y in counted.yaku) and counted.extra["notes"] == []
    assert score(GAME, SUUANKOU_TANKI, win_tile="1z").extra["notes"] == []


def test_renhou_dropped_is_said_on_the_command_line_and_in_the_waits(capsys) -> None:
    assert score_main(G + [SUUANKOU_TANKI, "--win-tile", "1z", "--renhou"]) == 0
    assert "renhou" in capsys.readouterr().out.lower()
    [w] = _waits_json(["111m999m111p999p1z", "--renhou"], capsys)["waits"]
    assert [n["id"] for n in w["ron"]["notes"]] == ["renhou_beside_yakuman"] and w["tsumo"]["notes"] == []


def test_dora_left_out_of_a_yakuman_are_said_too() -> None:
    # 9m is dora (indicator 8m) and the red five a dora: beside a yakuman neither counts, said nowhere before
    result = score(GAME, SUUANKOU_TANKI, win_tile="1z", dora_indicators="8m")
    assert result.extra["dora"] == {"dora": 0, "aka_dora": 0, "ura_dora": 0}
    [note] = result.extra["notes"]
    assert note["id"] == "dora_beside_yakuman" and "3 dora" in note["text"] and "ドラ3" in note["text_ja"]
    assert note["text"] in format_result(result, GAME, "en")
    both = score(GAME, SUUANKOU_TANKI, win_tile="1z", renhou=True, dora_indicators="8m")
    assert [n["id"] for n in both.extra["notes"]] == ["renhou_beside_yakuman", "dora_beside_yakuman"]
    # dora that count (no yakuman; a kazoe yakuman counts them) get no note
    assert score(GAME, "234m456p789s11z555z", win_tile="4m", dora_indicators="1m").extra["notes"] == []


# --- 5. Donjara: what a hunt through unusual but legal hands found -------------------------------------------

NOGIZAKA_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


@pytest.mark.parametrize("game_id, hand", [("nogizaka", NOGIZAKA_WIN),
                                           ("cinderella-neo", ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko",
                                                               "shibuya-rin", "kawashima-mizuki", "nitta-minami",
                                                               "hisakawa-nagi", "honda-mio", "akagi-miria"])])
def test_dealt_tenpai_where_the_game_makes_no_exception_is_said(game_id, hand) -> None:
    # --dealt-tenpai was taken and dropped without a word: "a win needs a riichi first", as if it were not given
    from scorer.engine import score as donjara_score

    r = donjara_score(game_id, hand, win="ron", dealt_tenpai=True)
    assert not r.winning
    assert "even for a hand one tile from winning as dealt" in r.reason
    assert "配牌でテンパイの手でも" in r.reason_ja
    plain = donjara_score(game_id, hand, win="ron")  # not given: as before
    assert "as dealt" not in plain.reason and "配られた" not in plain.reason_ja


CINDERELLA_WIN = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "shibuya-rin", "kawashima-mizuki",
                  "nitta-minami", "hisakawa-nagi", "honda-mio", "akagi-miria"]


@pytest.mark.parametrize("hand, options, why", [
    (CINDERELLA_WIN, {"favourite": "abe-nana"}, "not_held"),
    ([t if t != "honda-mio" else "almighty-passion" for t in CINDERELLA_WIN], {"favourite": "honda-mio"}, "not_held"),
    (CINDERELLA_WIN, {"favourite": "honda-mio", "favourite_doubling": False}, "house_rule")])
def test_a_favourite_given_and_not_doubled_is_said(hand, options, why) -> None:
    # the favourite was dropped without a word (x1), as renhou was beside a yakuman
    from scorer.cli import format_result as donjara_text
    from scorer.engine import score as donjara_score

    game = load_game("cinderella-neo")
    r = donjara_score(game, hand, win="ron", riichi=True, **options)
    assert r.winning and r.extra["multiplier"] == 1 and r.extra["favourite_not_doubled"] == why
    fav = options["favourite"]
    en, ja = donjara_text(game, r, "en"), donjara_text(game, r, "ja")
    assert f"favourite {game.tile(fav).name_en} not doubled" in en and "担当アイドル" in ja and "2倍になりません" in ja
    held = donjara_score(game, CINDERELLA_WIN, win="ron", riichi=True, favourite="honda-mio")
    assert held.extra["multiplier"] == 2 and "favourite_not_doubled" not in held.extra

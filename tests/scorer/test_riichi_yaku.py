"""Riichi yaku, han, fu and points: the mahjong package's results through our adapter, pinned per rule.

Each id names the rule it checks (RULES.md 002 and the standard riichi list). Figures were worked out by
hand from the standard tables (e.g. 1 han 40 fu ron = 1,300) and agree with the package.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from scorer import load_game
from scorer.riichi import score

GAME = load_game("tokyo-mahjong")


@dataclass(frozen=True)
class Case:
    id: str
    hand: str
    win_tile: str
    yaku: frozenset[str]
    han: int
    fu: int
    points: int
    limit: str | None = None
    opts: dict[str, Any] = field(default_factory=dict)


def case(id_, hand, win_tile, yaku, han, fu, points, limit=None, **opts):
    return Case(id_, hand, win_tile, frozenset(yaku), han, fu, points, limit, opts)


CASES = [
    # RULES.md 002 yaku list
    case("riichi-closed-1-han", "123m456p789s234s55p", "3s", {"Riichi"}, 1, 40, 1300, riichi=True),
    case("tanyao-open-allowed", "567p345s678s88m", "5p", {"Tanyao (all simples)"}, 1, 30, 1000,
         melds=["chi:234m"]),
    case("yakuhai-dragon-pon", "234m456p678s22m", "6s", {"Yakuhai: red dragon"}, 1, 30, 1000,
         melds=["pon:777z"]),
    case("yakuhai-seat-wind", "234m456p678s333z22m", "2m", {"Yakuhai: seat wind west"}, 1, 40, 1300,
         seat="west"),
    case("yakuhai-seat-and-round-wind-dealer", "234m456p678s111z22m", "2m",
         {"Yakuhai: seat wind east", "Yakuhai: round wind east"}, 2, 40, 3900, seat="east"),
    case("yakuhai-wind-not-own-is-no-yaku-but-riichi", "234m456p678s444z22m", "2m", {"Riichi"}, 1, 40, 1300,
         seat="south", riichi=True),
    case("pinfu-closed-ron", "123m456p789s234s55p", "2s", {"Pinfu (all sequences)"}, 1, 30, 1000),
    case("iipeikou-closed", "223344m456p789s55p", "2m", {"Pinfu (all sequences)", "Iipeikou (twin sequences)"},
         2, 30, 2000),
    case("honitsu-closed-3-han", "123s345s789s444z55s", "9s", {"Honitsu (half flush)"}, 3, 40, 5200),
    case("honitsu-open-2-han", "123s345s789s55s", "9s", {"Honitsu (half flush)"}, 2, 30, 2000,
         melds=["pon:444z"]),
    case("toitoi-2-han", "555s999s33z", "3z", {"Toitoi (all triplets)"}, 2, 40, 2600,
         melds=["pon:222m", "pon:777p"]),
    case("chinitsu-closed-6-han-haneman", "234p345p678p888p22p", "6p",
         {"Chinitsu (full flush)", "Tanyao (all simples)"}, 7, 40, 12000, limit="haneman"),
    case("chinitsu-open-5-han", "456p789p22p567p", "7p", {"Chinitsu (full flush)", "Ittsu (pure straight)"},
         6, 30, 12000, limit="haneman", melds=["chi:123p"]),
    # harder hands
    case("closed-kan-fu-32", "234p567s678p55m", "5m", {"Riichi"}, 1, 70, 2300, riichi=True,
         melds=["ankan:1111m"]),
    case("open-kan-fu-8", "234p567s678p55m", "5m", {"Tanyao (all simples)"}, 1, 30, 1000,
         melds=["kan:2222s"]),
    case("added-kan-is-open-16-fu", "234m456p678s22m", "6s", {"Yakuhai: white dragon"}, 1, 40, 1300,
         melds=["kakan:5555z"]),
    case("pinfu-tsumo-20-fu", "123m456p789s234s55p", "2s", {"Pinfu (all sequences)",
         "Menzen Tsumo (closed self-draw)"}, 2, 20, 1500, win="tsumo"),
    case("chiitoitsu-25-fu", "1133557799m22p44s", "4s", {"Chiitoitsu (seven pairs)"}, 2, 25, 1600),
    case("chiitoitsu-riichi-tsumo", "1133557799m22p44s", "4s", {"Chiitoitsu (seven pairs)", "Riichi",
         "Menzen Tsumo (closed self-draw)"}, 4, 25, 6400, win="tsumo", riichi=True),
    case("sanshoku-tanyao-pinfu", "234m234p234s678m55p", "2s", {"Sanshoku Doujun (mixed triple sequence)",
         "Tanyao (all simples)", "Pinfu (all sequences)"}, 4, 30, 7700),
    case("ittsu-pinfu", "123456789p234s99m", "4s", {"Ittsu (pure straight)", "Pinfu (all sequences)"},
         3, 30, 3900),
    case("sanankou-tsumo", "222m444p666s789s55z", "9s", {"San Ankou (three concealed triplets)",
         "Menzen Tsumo (closed self-draw)"}, 3, 40, 5200, win="tsumo"),
    case("shousangen", "555z666z77z234m789p", "9p", {"Shousangen (little three dragons)",
         "Yakuhai: white dragon", "Yakuhai: green dragon"}, 4, 50, 8000, limit="mangan"),
    case("junchan-closed-penchan", "123m789m123p99s789s", "7s", {"Junchan (terminals in each set)"}, 3, 40, 5200),
    case("ryanpeikou", "223344m667788p55s", "8p", {"Ryanpeikou (two twin sequences)", "Pinfu (all sequences)",
         "Tanyao (all simples)"}, 5, 30, 8000, limit="mangan"),
    case("chanta-with-round-wind", "123m789p789s111z99m", "7p", {"Chanta (outside hand)",
         "Yakuhai: round wind east"}, 3, 40, 5200),
    case("honroutou-toitoi-sanankou", "111m999p33z777z", "3z", {"Honroutou (all terminals and honours)",
         "Toitoi (all triplets)", "San Ankou (three concealed triplets)", "Yakuhai: red dragon"}, 7, 50, 12000,
         limit="haneman", melds=["pon:999s"]),
    case("sanshoku-doukou", "222m222p222s456m88s", "8s", {"Sanshoku Doukou (triple triplets)",
         "San Ankou (three concealed triplets)", "Tanyao (all simples)"}, 5, 50, 8000, limit="mangan"),
    case("sankantsu-closed-and-open-kans", "678m55p", "6m", {"San Kantsu (three kans)", "Tanyao (all simples)"},
         3, 60, 7700, melds=["ankan:2222m", "kan:3333p", "kan:4444s"]),
    case("kazoe-yakuman-13-han", "22334455667788m", "8m", {"Menzen Tsumo (closed self-draw)", "Riichi",
         "Pinfu (all sequences)", "Tanyao (all simples)", "Ryanpeikou (two twin sequences)",
         "Chinitsu (full flush)"}, 15, 20, 32000, limit="kazoe yakuman", riichi=True, win="tsumo",
         dora_indicators="1m"),
    # yakuman
    case("double-yakuman-daisuushii", "111z222z333z55m", "5m", {"Daisuushii (big four winds)"}, 26, 50, 64000,
         limit="double yakuman", melds=["pon:444z"]),
    case("yakuman-chuuren", "11122345678999m", "9m", {"Chuuren Poutou (nine gates)"}, 13, 50, 32000,
         limit="yakuman"),
    case("double-yakuman-junsei-chuuren-9-sided", "11122345678999m", "2m",
         {"Junsei Chuuren Poutou (true nine gates)"}, 26, 50, 64000, limit="double yakuman"),
    case("yakuman-tsuuiisou", "222z555z666z77z", "7z", {"Tsuuiisou (all honours)"}, 13, 60, 32000,
         limit="yakuman", melds=["pon:111z"]),
    case("yakuman-daisangen", "555z666z777z123m44p", "4p", {"Daisangen (big three dragons)"}, 13, 60, 32000,
         limit="yakuman"),
    case("yakuman-kokushi-single-wait", "119m19p19s1234567z", "7z", {"Kokushi Musou (thirteen orphans)"},
         13, 0, 32000, limit="yakuman"),
    case("double-yakuman-kokushi-13-sided", "119m19p19s1234567z", "1m", {"Kokushi Musou 13-sided wait"},
         26, 0, 64000, limit="double yakuman"),
    case("yakuman-suuankou-tsumo", "111m333p555s777s22z", "7s", {"Suu Ankou (four concealed triplets)"},
         13, 50, 32000, limit="yakuman", win="tsumo"),
    case("yakuman-tenhou-dealer", "123m456p789s234s55p", "2s", {"Tenhou (blessing of heaven)"}, 13, 20,
         48000, limit="yakuman", win="tsumo", seat="east", tenhou=True),
    # situational yaku the package knows
    case("ippatsu", "123m456p789s234s55p", "3s", {"Riichi", "Ippatsu"}, 2, 40, 2600, riichi=True,
         ippatsu=True),
    case("double-riichi", "123m456p789s234s55p", "3s", {"Double Riichi"}, 2, 40, 2600, double_riichi=True),
    case("haitei-tsumo-last-tile", "123m456p789s234s55p", "3s", {"Haitei Raoyue (last tile drawn)",
         "Menzen Tsumo (closed self-draw)"}, 2, 30, 2000, win="tsumo", haitei=True),
    case("houtei-ron-last-discard", "123m456p789s234s55p", "3s", {"Houtei Raoyui (last tile discarded)"},
         1, 40, 1300, houtei=True),
    case("rinshan-after-kan", "234p567s678p55m", "5m", {"Rinshan Kaihou (win on a kan replacement)",
         "Menzen Tsumo (closed self-draw)"}, 2, 60, 4000, win="tsumo", melds=["ankan:1111m"], rinshan=True),
    case("chankan-robbing-a-kan", "123m456p789s234s55p", "3s", {"Chankan (robbing a kan)"}, 1, 40, 1300,
         chankan=True),
    # dora: bonus han, never a yaku
    case("dora-indicator-wraps-9-to-1", "123m456p789s234s55p", "3s", {"Riichi"}, 2, 40, 2600, riichi=True,
         dora_indicators="9m"),
    case("red-five-is-one-dora", "123m406p789s234s55p", "3s", {"Riichi"}, 2, 40, 2600, riichi=True),
    case("ura-dora-counts-after-riichi", "123m456p789s234s55p", "3s", {"Riichi"}, 4, 40, 8000, "mangan",
         riichi=True, ura_dora_indicators="4p"),  # three 5p in the hand
    case("dragon-indicator-red-to-white", "234m456p678s22m", "6s", {"Yakuhai: red dragon"}, 4, 30, 7700,
         melds=["pon:777z"], dora_indicators="6z"),
]


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_yaku_han_fu_points(c: Case) -> None:
    opts = dict(c.opts)
    opts.setdefault("seat", "south")
    result = score(GAME, c.hand, win_tile=c.win_tile, **opts)
    assert result.winning, result.reason
    assert {y.name_en for y in result.yaku} == c.yaku
    assert (result.extra["han"], result.extra["fu"], result.points) == (c.han, c.fu, c.points)
    assert result.extra["limit"] == c.limit
    assert sum(p.amount for p in result.payments) == result.points


def test_dora_are_listed_apart_from_yaku() -> None:
    result = score(GAME, "123m406p789s234s55p", win_tile="3s", riichi=True, dora_indicators="4p",
                   ura_dora_indicators="1m")
    # 0p is a 5p for the indicator 4p as well as a red five
    assert result.extra["dora"] == {"dora": 3, "aka_dora": 1, "ura_dora": 1}
    assert [y.name for y in result.yaku] == ["立直"]
    assert result.extra["han"] == 1 + 3 + 1 + 1


def test_dora_alone_is_not_a_yaku() -> None:
    result = score(GAME, "123m456p789s234s55p", win_tile="3s", dora_indicators="4p")
    assert not result.winning and result.reason.startswith("no yaku")
    assert result.points == 0 and result.payments == ()


def test_open_tanyao_follows_the_game_rules() -> None:
    from scorer.riichi_rules import RiichiRules

    hand, melds = "567p345s678s88m", ["chi:234m"]
    assert score(GAME, hand, win_tile="5p", melds=melds).winning
    closed_only = score(GAME, hand, win_tile="5p", melds=melds, rules=RiichiRules(open_tanyao=False))
    assert not closed_only.winning and closed_only.reason.startswith("no yaku")


def test_red_fives_off_count_no_aka_dora() -> None:
    from scorer.riichi_rules import RiichiRules

    result = score(GAME, "123m406p789s234s55p", win_tile="3s", riichi=True, rules=RiichiRules(red_fives=False))
    assert result.extra["dora"]["aka_dora"] == 0 and result.extra["han"] == 1


def test_japanese_and_english_names_and_fu_breakdown() -> None:
    result = score(GAME, "234p567s678p55m", win_tile="5m", riichi=True, melds=["ankan:1111m"])
    assert [(y.name, y.name_en, y.han) for y in result.yaku] == [("立直", "Riichi", 1)]
    details = {d["reason"]: d["fu"] for d in result.extra["fu_details"]}
    assert details == {"base": 20, "closed_ron": 10, "closed_terminal_kan": 32, "pair_wait": 2}
    assert result.extra["limit"] is None and result.extra["limit_ja"] is None


def test_tile_order_never_changes_the_score() -> None:
    import random

    tokens = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "4s", "5p", "5p"]
    base = score(GAME, tokens, win_tile="3s", riichi=True)
    rng = random.Random(3)
    for _ in range(10):
        rng.shuffle(tokens)
        again = score(GAME, tokens, win_tile="3s", riichi=True)
        assert (again.extra["han"], again.extra["fu"], again.points) == (base.extra["han"], base.extra["fu"],
                                                                        base.points)


def test_japanese_tile_names_are_accepted() -> None:
    tokens = ["一萬", "二萬", "三萬", "四筒", "五筒", "六筒", "七索", "八索", "九索", "二索", "三索",
              "四索", "五筒", "五筒"]
    assert score(GAME, tokens, win_tile="三索", riichi=True).extra["han"] == 1


@pytest.mark.parametrize("declared", [{"double_riichi": True}, {"open_riichi": True}])
def test_ura_dora_count_under_double_and_open_riichi_too(declared) -> None:
    result = score(GAME, "123m456p789s234s55p", win_tile="3s", ura_dora_indicators="4p", **declared)
    assert result.winning and result.extra["dora"]["ura_dora"] == 3


@pytest.mark.parametrize("indicators", ["4p", ["4p", "1m"]])
def test_ura_dora_indicators_without_riichi_are_refused_not_ignored(indicators) -> None:
    """Ura dora given without riichi were silently scored as none (ura 0): a slip (riichi left out, or ura
    given for the wrong hand) read as a cheaper win."""
    from scorer.riichi import waits
    from scorer.riichi_tiles import InputProblem, RiichiInputError

    for call in (lambda: score(GAME, "123m456p789s234s55p", win_tile="2s", ura_dora_indicators=indicators),
                 lambda: waits(GAME, "123m456p789s34s55p", ura_dora_indicators=indicators)):
        with pytest.raises(RiichiInputError) as info:
            call()
        shown = " ".join(indicators) if isinstance(indicators, list) else indicators
        assert info.value.problem is InputProblem.OPTION
        assert str(info.value) == (f"ura-dora indicators count only with riichi: {shown} given, but no riichi "
                                   f"(declare riichi, or leave the ura-dora indicators out)")
        assert "裏ドラ表示牌はリーチしたときだけ数えます" in info.value.message_ja
    plain = score(GAME, "123m456p789s234s55p", win_tile="2s", ura_dora_indicators=[])
    assert plain.winning and plain.extra["dora"]["ura_dora"] == 0  # none given: nothing to refuse

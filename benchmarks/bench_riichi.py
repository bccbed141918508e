"""Riichi scoring speed: hands/s through ``scorer.riichi.score`` against the ``mahjong`` package alone.

Both paths start from the same text (an mpsz hand, melds, dora indicators, the winning tile) and end
with a scored hand: the package path converts with ``TilesConverter``, builds ``Meld``/``HandConfig`` and
calls ``HandCalculator.estimate_hand_value``; ours also validates, checks furiten and computes payments.

    .venv/bin/python benchmarks/bench_riichi.py [--hands 400] [--repeats 5] [--seed 0]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402
from mahjong.tile import TilesConverter  # noqa: E402

from cli_args import description  # noqa: E402
from scorer.riichi import score, waits  # noqa: E402

SUITS = "mps"


@dataclass(frozen=True)
class Case:
    """One hand as text, the way a user or the app gives it."""

    hand: str
    win_tile: str
    melds: tuple[str, ...]
    dora: str
    tsumo: bool
    riichi: bool
    seat: str


def _random_set(rng: random.Random, counts: list[int]) -> list[int] | None:
    """A random chi or pon (34-format kinds) that the remaining counts allow."""
    for _ in range(20):
        if rng.random() < 0.6:
            suit, start = rng.randrange(3), rng.randrange(7)
            kinds = [suit * 9 + start + i for i in range(3)]
        else:
            k = rng.randrange(34)
            kinds = [k, k, k]
        if all(counts[k] >= kinds.count(k) for k in kinds):
            for k in kinds:
                counts[k] -= 1
            return kinds
    return None


def _text(kinds: list[int], fives: dict[int, int] | None = None) -> str:
    """mpsz text of kinds; ``fives`` counts fives written so far, and the fourth five is the red one."""
    out = ""
    for k in sorted(kinds):
        if k >= 27:
            out += f"{k - 26}z"
            continue
        rank = k % 9 + 1
        if rank == 5 and fives is not None:
            fives[k] = fives.get(k, 0) + 1
            rank = 0 if fives[k] == 4 else rank
        out += f"{rank}{SUITS[k // 9]}"
    return out


def make_cases(n: int, seed: int) -> list[Case]:
    """``n`` random winning-shape hands (some with open melds), each with a yaku on the package's rules."""
    rng = random.Random(seed)
    cases: list[Case] = []
    while len(cases) < n:
        counts = [4] * 34
        sets = [_random_set(rng, counts) for _ in range(4)]
        pair = rng.randrange(34)
        if None in sets or counts[pair] < 2:
            continue
        counts[pair] -= 2
        dora = rng.choice([k for k in range(34) if counts[k] > 0])
        n_open = rng.choice((0, 0, 0, 1, 2))
        fives: dict[int, int] = {}
        melds = tuple(("chi:" if s[0] != s[1] else "pon:") + _text(s, fives) for s in sets[:n_open])
        concealed = [k for s in sets[n_open:] for k in s] + [pair, pair]
        rng.shuffle(concealed)
        hand = "".join(_text([k], fives) for k in concealed)
        win = rng.choice([hand[i:i + 2] for i in range(0, len(hand), 2)])
        case = Case(hand, win, melds, _text([dora], fives), rng.random() < 0.5,
                    n_open == 0 and rng.random() < 0.5, rng.choice(("east", "south", "west", "north")))
        if score_package(case).error is None:
            cases.append(case)
    return cases


_WIND = {"east": 27, "south": 28, "west": 29, "north": 30}


def score_package(case: Case):
    """The package alone on the same text input."""
    meld_text = [spec.split(":") for spec in case.melds]
    # One conversion of every tile so that each copy of a kind gets its own 136 index.
    tiles = TilesConverter.one_line_string_to_136_array(case.hand + "".join(t for _, t in meld_text),
                                                        has_aka_dora=True)
    pool = list(tiles)
    melds = []
    for kind, text in meld_text:
        meld_tiles = []
        for t34 in (t // 4 for t in TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True)):
            found = next(t for t in pool if t // 4 == t34)
            pool.remove(found)
            meld_tiles.append(found)
        melds.append(Meld(Meld.CHI if kind == "chi" else Meld.PON, meld_tiles, True))
    win = TilesConverter.one_line_string_to_136_array(case.win_tile, has_aka_dora=True)[0]
    win = next(t for t in pool if t // 4 == win // 4)
    config = HandConfig(is_tsumo=case.tsumo, is_riichi=case.riichi, player_wind=_WIND[case.seat], round_wind=27,
                        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True))
    dora = TilesConverter.one_line_string_to_136_array(case.dora, has_aka_dora=True)
    return HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=config)


def score_ours(case: Case):
    """Our API on the same text input."""
    return score(None, case.hand, win_tile=case.win_tile, melds=case.melds, dora_indicators=case.dora,
                 win="tsumo" if case.tsumo else "ron", riichi=case.riichi, seat=case.seat, round_wind="east")


def _figures(result) -> tuple[int, int, int]:
    return result.extra["han"], result.extra["fu"], result.points


def _package_figures(response) -> tuple[int, int, int]:
    return response.han, response.fu, response.cost["total"]


def hands_per_second(fn, cases: list[Case], repeats: int) -> float:
    """Best of ``repeats`` passes, in hands per second of this process's CPU time.

    CPU time rather than wall time, and the best pass rather than the median, because the machine is
    shared: other processes stretch wall time and slow some passes, not the work itself.
    """
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        for case in cases:
            fn(case)
        rates.append(len(cases) / max(time.process_time() - start, 1e-9))
    return max(rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=description(__doc__))
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    cases = make_cases(args.hands, args.seed)
    agree = sum(_figures(score_ours(c)) == _package_figures(score_package(c)) for c in cases)
    for fn in (score_package, score_ours):  # warm both paths before timing
        hands_per_second(fn, cases[:50], 1)
    package, ours = [], []
    for _ in range(args.repeats):  # interleave so that machine load hits both alike
        package.append(hands_per_second(score_package, cases, 1))
        ours.append(hands_per_second(score_ours, cases, 1))
    pkg_rate, our_rate = max(package), max(ours)
    print(f"hands: {len(cases)} random winning hands (seed {args.seed}), han, fu and points agree on {agree}/{len(cases)}")
    print(f"package alone: {pkg_rate:,.0f} hands/s ({1e6 / pkg_rate:.1f} us/hand; best pass of {args.repeats}, "
          f"CPU time)")
    print(f"scorer.riichi: {our_rate:,.0f} hands/s ({1e6 / our_rate:.1f} us/hand)")
    print(f"cost ratio ours/package: {pkg_rate / our_rate:.2f}x (target <= 1.30x)")
    times = []
    for _ in range(args.repeats):
        start = time.process_time()
        found = waits(None, "2345678m123p567s")
        times.append(time.process_time() - start)
    print(f"one waits query (2345678m123p567s, {len(found)} waits): {min(times) * 1e3:.1f} ms CPU, best of "
          f"{args.repeats}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

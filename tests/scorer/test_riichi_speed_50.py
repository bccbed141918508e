"""Work a riichi score repeats for nothing, counted (no timing): since 812a706 every win found its split again
with a second fu breakdown per split and win group, though nearly every hand has one split only, and since
de906c8 every win counted its dora again, though that count is said only beside a yakuman. Results unchanged."""
from __future__ import annotations

import pytest

import scorer.riichi_hand as riichi_hand
import scorer.riichi_split as riichi_split
from scorer import load_game
from scorer.riichi import score

GAME = load_game("tokyo-mahjong")


@pytest.fixture
def fu_calls(monkeypatch) -> list[object]:
    """Each fu breakdown ``riichi_split`` asks for (the package's own, inside its scoring, not counted)."""
    calls: list[object] = []
    real = riichi_split.FuCalculator

    class Counting:
        @staticmethod
        def calculate_fu(*args, **kwargs):
            calls.append(args)
            return real.calculate_fu(*args, **kwargs)

    monkeypatch.setattr(riichi_split, "FuCalculator", Counting)
    return calls


@pytest.fixture
def dora_counts(monkeypatch) -> list[object]:
    calls: list[object] = []
    real = riichi_hand._dora_given

    def counting(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(riichi_hand, "_dora_given", counting)
    return calls


def test_a_hand_of_one_split_takes_it_without_a_second_fu_breakdown(fu_calls) -> None:
    r = score(GAME, "234m055p678s22z777z", win="ron", win_tile="2z", dora_indicators="4p")
    assert fu_calls == []
    assert [(g["kind"], "".join(g["tiles"])) for g in r.decomposition] == [
        ("pair", "2z2z"), ("sequence", "2m3m4m"), ("triplet", "5p5p0p"), ("sequence", "6s7s8s"), ("triplet", "7z7z7z")]
    assert (r.extra["han"], r.extra["fu"], r.points) == (5, 50, 8000)


def test_a_hand_of_two_splits_still_tells_them_apart_by_the_fu(fu_calls) -> None:
    r = score(GAME, "111222333m456p77s", win="ron", win_tile="3m")
    assert fu_calls  # twin sequences or three triplets: the package's fu breakdown says which
    assert [k for k in (g["kind"] for g in r.decomposition)] == ["pair"] + ["sequence"] * 4


def test_the_dora_are_counted_again_only_beside_a_yakuman(dora_counts) -> None:
    r = score(GAME, "234m055p678s22z777z", win="ron", win_tile="2z", dora_indicators="4p")
    assert dora_counts == [] and r.extra["notes"] == []
    yakuman = score(GAME, "111m999m111p999p11s", win="tsumo", dora_indicators="9s")  # chinroutou, 2 dora
    assert len(dora_counts) == 1
    assert [n["id"] for n in yakuman.extra["notes"]] == ["dora_beside_yakuman"]
    assert "2 dora" in yakuman.extra["notes"][0]["text"]
